/** The stub provider's encodings, without any process: protobuf, msgpack, DER, handshake. */
import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createServerCertificate } from "../../src/validate/stub-provider/certificate.js";
import { handshakeLine, readHandshakeEnv } from "../../src/validate/stub-provider/handshake.js";
import { decodeMsgpack, UNKNOWN } from "../../src/validate/stub-provider/msgpack.js";
import { bytesField, ProtoWriter, readFields, stringField } from "../../src/validate/stub-provider/protobuf.js";

describe("protobuf wire format", () => {
  it("round-trips strings, varints and nested messages, and skips proto3 defaults", () => {
    const inner = new ProtoWriter().string(1, "talos_machine_secrets").varint(2, 300);
    const bytes = new ProtoWriter().message(3, inner).bool(4, false).string(5, "").varint(6, 0).finish();
    const outer = readFields(bytes);
    expect(outer.map((f) => f.field)).toEqual([3]);
    const fields = readFields(bytesField(outer, 3) ?? new Uint8Array());
    expect(stringField(fields, 1)).toBe("talos_machine_secrets");
    expect(fields[1]).toEqual({ field: 2, kind: "varint", value: 300n });
  });

  it("writes a zero varint when asked (oneof members have presence)", () => {
    expect([...new ProtoWriter().varint(3, 0, true).finish()]).toEqual([0x18, 0x00]);
  });

  it("encodes negative int64 as ten bytes of two's complement", () => {
    const bytes = new ProtoWriter().varint(1, -1).finish();
    expect(bytes.length).toBe(11);
    expect(readFields(bytes)[0]).toEqual({ field: 1, kind: "varint", value: (1n << 64n) - 1n });
  });
});

describe("msgpack", () => {
  it("decodes a cty object with strings, numbers, lists and nulls", () => {
    // {"a": "x", "b": [1, -2], "c": nil}
    const bytes = Uint8Array.from([0x83, 0xa1, 0x61, 0xa1, 0x78, 0xa1, 0x62, 0x92, 0x01, 0xfe, 0xa1, 0x63, 0xc0]);
    expect(decodeMsgpack(bytes)).toEqual(
      new Map<string, unknown>([
        ["a", "x"],
        ["b", [1, -2]],
        ["c", null],
      ]),
    );
  });

  it("decodes cty's unknown value (ext 0) and refined unknown (ext 12)", () => {
    expect(decodeMsgpack(Uint8Array.from([0xd4, 0x00, 0x00]))).toBe(UNKNOWN);
    expect(decodeMsgpack(Uint8Array.from([0xc7, 0x02, 0x0c, 0x81, 0x01]))).toBe(UNKNOWN);
  });

  it("rejects truncated input", () => {
    expect(() => decodeMsgpack(Uint8Array.from([0x92, 0x01]))).toThrow(/truncated/);
  });
});

describe("server certificate", () => {
  it("is self-signed for DNS:localhost, and the handshake field is unpadded base64 DER", () => {
    const cert = createServerCertificate(new Date("2026-01-02T03:04:05Z"));
    const x509 = new X509Certificate(cert.certPem);
    expect(x509.subjectAltName).toBe("DNS:localhost");
    expect(x509.ca).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.validFrom).toBe("Jan  2 03:03:05 2026 GMT");
    expect(cert.handshakeField).not.toMatch(/=/);
    expect(Buffer.from(cert.handshakeField, "base64").equals(x509.raw)).toBe(true);
    // Serial: a minimal positive DER integer (no leading 00, high bit clear).
    expect(Number.parseInt(x509.serialNumber.slice(0, 2), 16)).toBeLessThan(0x80);
    expect(x509.serialNumber.startsWith("00")).toBe(false);
  });
});

describe("handshake", () => {
  const cookie = { TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2" };

  it("refuses to run without the magic cookie or a client certificate", () => {
    expect(readHandshakeEnv({}).ok).toBe(false);
    expect(readHandshakeEnv({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "5,6" })).toMatchObject({ ok: false });
    expect(readHandshakeEnv({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "5", PLUGIN_CLIENT_CERT: "pem" })).toMatchObject({
      ok: false,
    });
    expect(readHandshakeEnv({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "5,6", PLUGIN_CLIENT_CERT: "pem" })).toEqual({
      ok: true,
      clientCertPem: "pem",
    });
  });

  it("prints go-plugin's line for protocol 6 over TCP and gRPC", () => {
    expect(handshakeLine("127.0.0.1:1234", "MII")).toBe("1|6|tcp|127.0.0.1:1234|grpc|MII\n");
  });
});

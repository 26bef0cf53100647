/**
 * The stub provider as a process, driven the way go-plugin drives it (handshake line, mutual
 * TLS, gRPC over HTTP/2), with Node's http2 client: no tofu/terraform needed.
 */
import { execa } from "execa";
import { writeFileSync } from "node:fs";
import http2 from "node:http2";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StubSchemaFile } from "../../src/validate/provider-schema-json.js";
import { createServerCertificate } from "../../src/validate/stub-provider/certificate.js";
import { readFields, repeatedBytesField, stringField } from "../../src/validate/stub-provider/protobuf.js";
import { prepareStubScript } from "../../src/validate/stub-script.js";
import { tempDir } from "./helpers.js";

const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

interface Reply {
  status: string;
  message: Buffer;
}

function unary(client: http2.ClientHttp2Session, path: string, body: Uint8Array = new Uint8Array()): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = client.request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc",
      te: "trailers",
    });
    const chunks: Buffer[] = [];
    let status = "";
    request.on("response", (headers) => (status = String(headers["grpc-status"] ?? status)));
    request.on("trailers", (trailers) => (status = String(trailers["grpc-status"] ?? status)));
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const frame = Buffer.concat(chunks);
      resolve({ status, message: frame.length >= 5 ? frame.subarray(5, 5 + frame.readUInt32BE(1)) : frame });
    });
    request.on("error", reject);
    const header = Buffer.alloc(5);
    header.writeUInt32BE(body.length, 1);
    request.end(Buffer.concat([header, body]));
  });
}

describe("stub provider process", () => {
  const dir = tempDir("stub-process");
  let stub: string;
  let schemaFile: string;

  beforeAll(async () => {
    stub = (await prepareStubScript(dir.path)) ?? "";
    const content: StubSchemaFile = {
      address: "registry.terraform.io/example/thing",
      schema: {
        provider: { block: {} },
        resource_schemas: {
          thing_one: { version: 0, block: { attributes: { id: { type: "string", computed: true } } } },
        },
      },
    };
    writeFileSync((schemaFile = join(dir.path, "schema.json")), JSON.stringify(content));
  });
  afterAll(dir.remove);

  it("refuses to start without go-plugin's magic cookie", async () => {
    const result = await execa(process.execPath, [stub, schemaFile], {
      reject: false,
      env: { TF_PLUGIN_MAGIC_COOKIE: "" },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("is not meant to be executed directly");
  });

  it("handshakes, serves over mutual TLS, and exits on Shutdown", async () => {
    const client = createServerCertificate(); // go-plugin's client cert is self-signed the same way
    const child = execa(process.execPath, [stub, schemaFile], {
      env: { TF_PLUGIN_MAGIC_COOKIE: COOKIE, PLUGIN_PROTOCOL_VERSIONS: "5,6", PLUGIN_CLIENT_CERT: client.certPem },
      reject: false,
    });
    const line = await new Promise<string>((resolve) => child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString())));
    const [core, app, network, address, protocol, cert] = line.trim().split("|");
    expect([core, app, network, protocol]).toEqual(["1", "6", "tcp", "grpc"]);
    // go-plugin sends the DER as base64 without "=" padding (Go's RawStdEncoding); PEM needs it
    // back, or the last bytes are lost whenever the DER length is not a multiple of 3 (the
    // ECDSA signature's length varies, so this failed one run in a few).
    const base64 = (cert ?? "").padEnd(Math.ceil((cert ?? "").length / 4) * 4, "=");
    const serverPem = `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;

    // Without the client certificate the TLS handshake is refused.
    const anonymous = http2.connect(`https://${address ?? ""}`, { ca: serverPem, servername: "localhost" });
    anonymous.on("error", () => undefined);
    await expect(unary(anonymous, "/grpc.health.v1.Health/Check")).rejects.toThrow();
    anonymous.destroy();

    const session = http2.connect(`https://${address ?? ""}`, {
      ca: serverPem,
      cert: client.certPem,
      key: client.keyPem,
      servername: "localhost",
    });
    const schema = await unary(session, "/tfplugin6.Provider/GetProviderSchema");
    expect(schema.status).toBe("0");
    const resources = repeatedBytesField(readFields(schema.message), 2).map((entry) => stringField(readFields(entry), 1));
    expect(resources).toEqual(["thing_one"]);
    expect((await unary(session, "/tfplugin6.Provider/PlanResourceChange")).status).toBe("12"); // UNIMPLEMENTED
    expect((await unary(session, "/plugin.GRPCController/Shutdown")).status).toBe("0");
    session.close();
    const result = await child;
    expect(result.exitCode).toBe(0);
  });
});

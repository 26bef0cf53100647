/**
 * The stub's TLS server certificate. go-plugin's AutoMTLS (hashicorp/go-plugin mtls.go,
 * client.go loadServerCert) trusts exactly the certificate printed in the handshake line and
 * verifies it for the server name "localhost": so the certificate must be self-signed and
 * carry SAN DNS:localhost (a CN alone is refused by Go). See docs offline-validate.md.
 */
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import * as der from "./der.js";

export interface ServerCertificate {
  /** PEM, for Node's TLS server. */
  certPem: string;
  keyPem: string;
  /** DER bytes, base64 without `=` padding: go-plugin decodes with base64.RawStdEncoding. */
  handshakeField: string;
}

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  extKeyUsage: "2.5.29.37",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

function extension(id: string, critical: boolean, value: der.Der): der.Der {
  return critical ? der.sequence(der.oid(id), der.bool(true), der.octetString(value)) : der.sequence(der.oid(id), der.octetString(value));
}

/** Mirrors the certificate go-plugin makes for itself: a CA that may serve and authenticate. */
function tbsCertificate(spki: Buffer, now: Date): der.Der {
  const name = der.sequence(
    der.set(der.sequence(der.oid(OID.organization), der.utf8String("HashiCorp"))),
    der.set(der.sequence(der.oid(OID.commonName), der.utf8String("localhost"))),
  );
  // A random positive serial whose first byte has the high bit clear and is non-zero:
  // already the minimal DER encoding, which Go's strict parser insists on.
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01;
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + 24 * 3600_000);
  // keyUsage digitalSignature (bit 0) + keyCertSign (bit 5): 0b1000_0100, 2 unused bits.
  const keyUsage = der.bitString(Buffer.from([0x84]), 2);
  const extensions = der.sequence(
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth), der.oid(OID.clientAuth))),
    extension(OID.basicConstraints, true, der.sequence(der.bool(true))),
    extension(OID.subjectAltName, false, der.sequence(der.implicitPrimitive(2, Buffer.from("localhost", "ascii")))),
  );
  return der.sequence(
    der.explicit(0, der.smallInteger(2)), // v3
    der.unsignedInteger(serial),
    der.sequence(der.oid(OID.ecdsaWithSha256)),
    name,
    der.sequence(der.time(notBefore), der.time(notAfter)),
    name,
    spki,
    der.explicit(3, extensions),
  );
}

function toPem(label: string, body: Buffer): string {
  const lines = body.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

/** P-256: key generation and signing take about a millisecond (RSA would take ~100). */
export function createServerCertificate(now = new Date()): ServerCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const tbs = tbsCertificate(spki, now);
  const signature = sign("sha256", tbs, privateKey); // DER ECDSA-Sig-Value
  const cert = der.sequence(tbs, der.sequence(der.oid(OID.ecdsaWithSha256)), der.bitString(signature));
  return {
    certPem: toPem("CERTIFICATE", cert),
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    handshakeField: cert.toString("base64").replace(/=+$/, ""),
  };
}

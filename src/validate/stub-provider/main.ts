#!/usr/bin/env node
/**
 * Schema-only stub provider: `node stub-provider.mjs <schema.json>`, started by tofu or
 * terraform through a wrapper in the offline mirror (../mirror.ts). It serves the provider's
 * schema over tfplugin6 so the real binary does every schema check itself, with no network.
 * Bundled into one file with no dependencies beyond Node built-ins: it starts twice per
 * provider per validate, so start-up time matters.
 */
import { appendFileSync, readFileSync } from "node:fs";
import type { StubSchemaFile } from "../provider-schema-json.js";
import { createServerCertificate } from "./certificate.js";
import { startGrpcServer } from "./grpc-server.js";
import { handshakeLine, readHandshakeEnv } from "./handshake.js";
import { pluginHandlers } from "./plugin-services.js";
import { providerHandlers } from "./provider-service.js";

/** Set by the validate runner: one line per start, to count launches. */
const TRACE_ENV = "TALOS_HCLGEN_STUB_TRACE";

async function main(): Promise<number> {
  const env = readHandshakeEnv(process.env);
  if (!env.ok) {
    process.stderr.write(env.message);
    return 1;
  }
  const schemaPath = process.argv[2];
  if (schemaPath === undefined) {
    process.stderr.write("usage: stub-provider <schema.json>\n");
    return 1;
  }
  const file = JSON.parse(readFileSync(schemaPath, "utf8")) as StubSchemaFile;
  const trace = process.env[TRACE_ENV];
  if (trace !== undefined && trace !== "") appendFileSync(trace, `${file.address}\n`);

  const exit = (): never => process.exit(0);
  // go-plugin servers ignore SIGINT: the host relays Ctrl-C and then calls Shutdown.
  process.on("SIGINT", () => undefined);
  // If the host dies without calling Shutdown we are re-parented; do not linger.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && exit(), 500).unref();

  const cert = createServerCertificate();
  const server = await startGrpcServer({
    keyPem: cert.keyPem,
    certPem: cert.certPem,
    clientCaPem: env.clientCertPem,
    handlers: new Map([...providerHandlers(file.schema), ...pluginHandlers(exit)]),
    onIdle: exit,
  });
  process.stdout.write(handshakeLine(server.address, cert.handshakeField));
  return 0;
}

main().then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`stub provider: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

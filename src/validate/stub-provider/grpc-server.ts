/**
 * A unary-only gRPC server on Node's http2 (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md):
 * each request is one length-prefixed message (1 byte compressed flag, 4 bytes big-endian
 * length); the reply is the same framing plus `grpc-status` trailers. TLS is mutual, as
 * go-plugin's AutoMTLS requires: the client certificate from PLUGIN_CLIENT_CERT is the CA.
 */
import http2 from "node:http2";
import type { AddressInfo } from "node:net";

export const GrpcStatus = { OK: 0, UNKNOWN: 2, INVALID_ARGUMENT: 3, UNIMPLEMENTED: 12, INTERNAL: 13 } as const;

export class GrpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CallContext {
  /** Runs once the reply has been handed to the transport and the stream has closed. */
  onClosed(callback: () => void): void;
}

export type UnaryHandler = (request: Buffer, context: CallContext) => Uint8Array;

export interface GrpcServerOptions {
  keyPem: string;
  certPem: string;
  clientCaPem: string;
  handlers: ReadonlyMap<string, UnaryHandler>;
  /** Called when the last client connection goes away (Terraform is done or died). */
  onIdle: () => void;
}

function frame(message: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
}

function unframe(body: Buffer): Buffer {
  if (body.length === 0) return body; // lenient: treat a missing message as an empty one
  if (body.length < 5) throw new GrpcError(GrpcStatus.INVALID_ARGUMENT, "truncated gRPC frame");
  if (body[0] !== 0) throw new GrpcError(GrpcStatus.UNIMPLEMENTED, "compressed gRPC messages are not supported");
  const length = body.readUInt32BE(1);
  if (body.length < 5 + length) throw new GrpcError(GrpcStatus.INVALID_ARGUMENT, "truncated gRPC message");
  return body.subarray(5, 5 + length);
}

function respondError(stream: http2.ServerHttp2Stream, code: number, message: string): void {
  if (stream.destroyed || stream.headersSent) return;
  // Trailers-only response: status and message travel in the one HEADERS frame.
  stream.respond(
    {
      ":status": 200,
      "content-type": "application/grpc",
      "grpc-status": String(code),
      "grpc-message": encodeURIComponent(message),
    },
    { endStream: true },
  );
}

function respond(stream: http2.ServerHttp2Stream, message: Uint8Array): void {
  if (stream.destroyed) return;
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
  stream.end(frame(message));
}

function serve(stream: http2.ServerHttp2Stream, path: string, handler: UnaryHandler): void {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => {
    const closed: (() => void)[] = [];
    stream.once("close", () => closed.forEach((callback) => callback()));
    try {
      respond(stream, handler(unframe(Buffer.concat(chunks)), { onClosed: (cb) => closed.push(cb) }));
    } catch (error) {
      const code = error instanceof GrpcError ? error.code : GrpcStatus.INTERNAL;
      respondError(stream, code, `${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

export async function startGrpcServer(options: GrpcServerOptions): Promise<{ address: string; close: () => void }> {
  const server = http2.createSecureServer({
    key: options.keyPem,
    cert: options.certPem,
    ca: options.clientCaPem,
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: "TLSv1.2",
  });
  let sessions = 0;
  server.on("session", (session) => {
    sessions++;
    session.once("close", () => {
      if (--sessions === 0) options.onIdle();
    });
  });
  server.on("stream", (stream, headers) => {
    // A client may reset a stream at any time (e.g. go-plugin's broker and stdio streams).
    stream.on("error", () => undefined);
    const path = String(headers[":path"] ?? "");
    const handler = options.handlers.get(path);
    if (handler === undefined) respondError(stream, GrpcStatus.UNIMPLEMENTED, `${path} is not implemented by the stub provider`);
    else serve(stream, path, handler);
  });
  server.on("sessionError", () => undefined);
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, close: () => server.close() };
}

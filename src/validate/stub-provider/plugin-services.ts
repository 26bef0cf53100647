/**
 * The go-plugin side services (hashicorp/go-plugin internal/plugin/*.proto): the controller
 * whose Shutdown must end the process (otherwise go-plugin waits 2 s per instance before it
 * kills it), and the gRPC health check go-plugin may use as a ping. GRPCStdio and
 * GRPCBroker are left UNIMPLEMENTED; go-plugin tolerates that.
 */
import type { UnaryHandler } from "./grpc-server.js";
import { ProtoWriter } from "./protobuf.js";

export function pluginHandlers(exit: () => void): Map<string, UnaryHandler> {
  return new Map<string, UnaryHandler>([
    [
      "/plugin.GRPCController/Shutdown",
      (_request, context) => {
        // Exit once the reply is out; the timer covers a client that never closes the stream.
        context.onClosed(exit);
        setTimeout(exit, 250);
        return new Uint8Array(0);
      },
    ],
    // grpc.health.v1.HealthCheckResponse {status = 1}: SERVING = 1.
    ["/grpc.health.v1.Health/Check", () => new ProtoWriter().varint(1, 1).finish()],
  ]);
}

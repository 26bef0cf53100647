/**
 * go-plugin's handshake (hashicorp/go-plugin server.go; measured in docs offline-validate.md):
 * Terraform starts the plugin with the magic cookie, the protocol versions it speaks and its
 * client certificate in the environment, and reads one line from stdout:
 * `CORE-VERSION|APP-VERSION|NETWORK|ADDRESS|PROTOCOL|SERVER-CERT`.
 */

/** Terraform's handshake cookie (internal/plugin/serve.go), shared by OpenTofu. */
const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const CORE_PROTOCOL_VERSION = 1;
/**
 * Protocol 6 only: both Terraform >= 1.0 and OpenTofu accept it from any provider, and nested
 * attributes (used by the talos, helm, flux, hcloud and proxmox schemas) exist only there.
 * The five protocol-5 schemas contain nothing protocol 6 cannot express.
 */
const APP_PROTOCOL_VERSION = 6;

export type HandshakeEnv = { ok: true; clientCertPem: string } | { ok: false; message: string };

export function readHandshakeEnv(env: NodeJS.ProcessEnv): HandshakeEnv {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    return {
      ok: false,
      message:
        "This binary is a plugin (a schema-only stub provider made by talos-hclgen validate).\n" +
        "It is not meant to be executed directly; tofu or terraform starts it.\n",
    };
  }
  const offered = (env["PLUGIN_PROTOCOL_VERSIONS"] ?? String(APP_PROTOCOL_VERSION)).split(",").map((v) => v.trim());
  if (!offered.includes(String(APP_PROTOCOL_VERSION))) {
    return {
      ok: false,
      message: `stub provider: the client offers plugin protocol ${offered.join(",")}; only ${APP_PROTOCOL_VERSION} is served\n`,
    };
  }
  const clientCertPem = env["PLUGIN_CLIENT_CERT"];
  if (clientCertPem === undefined || clientCertPem === "") {
    return {
      ok: false,
      message: "stub provider: PLUGIN_CLIENT_CERT is not set; only AutoMTLS clients are supported\n",
    };
  }
  return { ok: true, clientCertPem };
}

export function handshakeLine(address: string, serverCertField: string): string {
  return `${CORE_PROTOCOL_VERSION}|${APP_PROTOCOL_VERSION}|tcp|${address}|grpc|${serverCertField}\n`;
}

import type { Diagnostic, PathSegment } from "../../diagnostics/diagnostic.js";
import { displayPath } from "../display-path.js";
import type { Locator } from "../locate.js";

/**
 * Secrets never live in the spec: it is committed to Git and printed in generated headers.
 * This scan runs on the raw document, before the schema, so `apiToken: ...` under
 * platform.proxmox is reported as a leaked credential, not as an unknown field; and it looks
 * inside the free-form parts (Talos patches, Helm values) that the schema cannot see into.
 */

/** Keys (lower-cased, without "-", "_" and ".") that name a credential outright. */
const SECRET_KEYS = new Set([
  "token", "password", "passwd", "secret", "apitoken", "apikey", "privatekey", "accesskey", "accesskeyid",
  "secretkey", "secretaccesskey", "clientsecret", "bearertoken", "authtoken", "credentials",
]);

/**
 * Endings that make a key a credential ("sshPassword", "bootstrapToken",
 * "secretboxEncryptionSecret"). A bare "...secret" ending is not enough: Helm charts are full of
 * `existingSecret: <name of a Secret>`, which is a reference, not a secret.
 */
const SECRET_SUFFIXES = ["password", "passwd", "token", "apikey", "privatekey", "secretkey", "accesskey", "clientsecret", "encryptionsecret"];

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_.]/g, "");
}

export function isSecretKey(key: string): boolean {
  const k = normalise(key);
  return SECRET_KEYS.has(k) || SECRET_SUFFIXES.some((suffix) => k.endsWith(suffix));
}

/** A PEM private key, as text or base64-encoded the way Talos machine configs carry them. */
function holdsPrivateKey(value: string): boolean {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value)) return true;
  if (!value.startsWith("LS0tLS1CRUdJTi")) return false; // base64 of "-----BEGIN"
  return Buffer.from(value, "base64").toString("latin1").includes("PRIVATE KEY-----");
}

function urlWithPassword(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*:[^/\s]*@/i.test(value)) return false;
  try {
    return new URL(value).password !== "";
  } catch {
    return false;
  }
}

/**
 * Values that are credentials by their shape, wherever they are (a label, a patch, a Helm
 * value), with the environment variable the tree reads that kind from. Shapes, not guesses: a
 * sha256 digest or a schematic id (64 hex digits) is not an hcloud token, which mixes cases.
 */
const TOKEN_SHAPES: ReadonlyArray<{ what: string; env?: string; test: (value: string) => boolean }> = [
  {
    // user@realm!tokenid=UUID (pve.proxmox.com/wiki/Proxmox_VE_API, "API Tokens").
    what: "a Proxmox VE API token",
    env: "PROXMOX_VE_API_TOKEN",
    test: (v) => /[\w.-]+@[\w.-]+![\w.-]+=[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}/i.test(v),
  },
  {
    // Hetzner Cloud API tokens: 64 letters and digits (docs.hetzner.cloud, "Authentication").
    what: "a Hetzner Cloud API token",
    env: "HCLOUD_TOKEN",
    test: (v) => {
      const run = /(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])/.exec(v)?.[0];
      return run !== undefined && /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run);
    },
  },
  {
    // AWS access key ids: AKIA (long-term) or ASIA (temporary) and 16 more (IAM user guide, "Access key IDs").
    what: "an AWS access key id",
    env: "AWS_ACCESS_KEY_ID",
    test: (v) => /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/.test(v),
  },
  {
    // GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_ and fine-grained github_pat_ (GitHub docs, "token formats").
    what: "a GitHub token",
    env: "GITHUB_TOKEN",
    test: (v) => /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/.test(v),
  },
];

function tokenShape(value: string): { what: string; env?: string } | undefined {
  return TOKEN_SHAPES.find((shape) => shape.test(value));
}

/** Where the user should keep this secret instead, by the part of the spec it was found in. */
function hint(path: readonly PathSegment[]): string {
  const at = (...prefix: string[]): boolean => prefix.every((segment, i) => path[i] === segment);
  const env = (names: string): string => `secrets never live in the spec: use the environment (${names}) or the sensitive variable the generated tree declares`;
  if (at("spec", "platform", "proxmox")) return env("PROXMOX_VE_API_TOKEN, PROXMOX_VE_PASSWORD");
  if (at("spec", "platform", "hcloud") || at("spec", "addons", "hcloudCcm")) return env("HCLOUD_TOKEN");
  if (at("spec", "backend")) return env("AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY");
  if (at("spec", "gitops", "flux", "forge", "github")) return env("GITHUB_TOKEN");
  if (at("spec", "gitops", "flux", "forge", "gitea")) return env("GITEA_TOKEN");
  if (path.includes("patches")) return "secrets never live in the spec: Talos machine secrets come from talos_machine_secrets and stay in the encrypted state";
  if (path.includes("values")) return "secrets never live in the spec: create the Kubernetes Secret out of band and reference it from the chart values (e.g. existingSecret)";
  return "secrets never live in the spec: use the environment or the sensitive variable the generated tree declares";
}

function isNonEmptyScalar(value: unknown): value is string | number {
  return (typeof value === "string" && value.trim() !== "") || typeof value === "number";
}

export function checkSecrets(root: unknown, locator: Locator): Diagnostic[] {
  const found: Diagnostic[] = [];
  const seen = new Set<object>();
  const report = (path: PathSegment[], message: string, at: "key" | "value", why = hint(path)): void => {
    const span = (at === "key" ? locator.keySpan(path) : locator.span(path)) ?? locator.nearest(path);
    found.push({ code: "spec/secret-in-spec", severity: "error", message: `${displayPath(path)} ${message}`, span, path, hint: why });
  };
  // Keys repeat (every node has a name, a role, an address): judge each distinct key once.
  const secretKeys = new Map<string, boolean>();
  const secretKey = (key: string): boolean => {
    let secret = secretKeys.get(key);
    if (secret === undefined) {
      secret = isSecretKey(key);
      secretKeys.set(key, secret);
    }
    return secret;
  };
  /** A string at parent + segment; its path is only built for a report. */
  const checkString = (value: string, parent: PathSegment[], segment?: PathSegment): void => {
    const path = (): PathSegment[] => (segment === undefined ? parent : [...parent, segment]);
    if (holdsPrivateKey(value)) report(path(), "holds a private key", "value");
    else if (urlWithPassword(value)) report(path(), "has a password in the URL", "value");
    else {
      const token = tokenShape(value);
      if (token === undefined) return;
      const at = path();
      const why = token.env === undefined ? hint(at) : `secrets never live in the spec: use the environment (${token.env}) or the sensitive variable the generated tree declares`;
      report(at, `holds what looks like ${token.what}`, "value", why);
    }
  };
  const walk = (value: unknown, path: PathSegment[]): void => {
    // Aliases can make the parsed value share (or even loop back to) objects; visit each once.
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) child(value[i], path, i);
      return;
    }
    // Object.keys(...).forEach: for-of over entries() costs an iterator step and a pair per
    // key, which adds up over a 1000-node spec in cold code.
    const record = value as Record<string, unknown>;
    Object.keys(record).forEach((key) => {
      const item = record[key];
      if (secretKey(key) && isNonEmptyScalar(item)) report([...path, key], "looks like a credential", "key");
      else child(item, path, key);
    });
  };
  const child = (value: unknown, parent: PathSegment[], segment: PathSegment): void => {
    if (typeof value === "string") checkString(value, parent, segment);
    else if (value !== null && typeof value === "object") walk(value, [...parent, segment]);
  };
  if (typeof root === "string") checkString(root, []);
  else walk(root, []);
  return found;
}

import type { Diagnostic, PathSegment } from "../../diagnostics/diagnostic.js";
import type { TextRange } from "../../diagnostics/redact.js";
import { findSecrets, type SecretKind, type SecretSpan } from "../../diagnostics/secret-shapes.js";
import { displayPath } from "../display-path.js";
import type { Locator } from "../locate.js";

/**
 * Secrets never live in the spec: it is committed to Git and printed in generated headers.
 * This scan runs on the raw document, before the schema, so `apiToken: ...` under
 * platform.proxmox is reported as a leaked credential, not as an unknown field; and it looks
 * inside the free-form parts (Talos patches, Helm values) that the schema cannot see into.
 * Keys are scanned like values (a token pasted as a key). Credentials by their shape are found
 * in linear time (src/diagnostics/secret-shapes.ts); the ranges of the spec text that hold what
 * the scan flags are handed to the renderers, which never print them.
 */

/** Keys (lower-cased, without "-", "_" and ".") that name a credential outright. */
const SECRET_KEYS = new Set([
  "token",
  "password",
  "passwd",
  "secret",
  "apitoken",
  "apikey",
  "privatekey",
  "accesskey",
  "accesskeyid",
  "secretkey",
  "secretaccesskey",
  "clientsecret",
  "bearertoken",
  "authtoken",
  "credentials",
]);

/**
 * Endings that make a key a credential ("sshPassword", "bootstrapToken",
 * "secretboxEncryptionSecret"). A bare "...secret" ending is not enough: Helm charts are full of
 * `existingSecret: <name of a Secret>`, which is a reference, not a secret.
 */
const SECRET_SUFFIXES = [
  "password",
  "passwd",
  "passphrase",
  "token",
  "apikey",
  "authkey",
  "privatekey",
  "secretkey",
  "accesskey",
  "clientsecret",
  "encryptionsecret",
];

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_.]/g, "");
}

function namesCredential(k: string): boolean {
  return SECRET_KEYS.has(k) || SECRET_SUFFIXES.some((suffix) => k.endsWith(suffix));
}

/**
 * Plurals too (`passwords: [...]`, `tokens:`), except a bare `secrets:`, which Helm charts use
 * for lists of Secret names, as they use `existingSecret` for one.
 */
export function isSecretKey(key: string): boolean {
  const k = normalise(key);
  return namesCredential(k) || (k.endsWith("s") && k !== "secrets" && namesCredential(k.slice(0, -1)));
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
  if (path.includes("extensionServices") || path.includes("wireguard")) {
    return "secrets never live in the spec: write { variable: <name> } instead, and the tree takes the value from the sensitive variable <name> (TF_VAR_<name>)";
  }
  if (path.includes("patches")) return "secrets never live in the spec: Talos machine secrets come from talos_machine_secrets and stay in the encrypted state";
  if (path.includes("values"))
    return "secrets never live in the spec: create the Kubernetes Secret out of band and reference it from the chart values (e.g. existingSecret)";
  return "secrets never live in the spec: use the environment or the sensitive variable the generated tree declares";
}

function isNonEmptyScalar(value: unknown): value is string | number {
  return (typeof value === "string" && value.trim() !== "") || typeof value === "number";
}

/** A credential named by its key: a non-empty scalar, or a list holding one (`passwords:`). */
function holdsCredential(value: unknown): boolean {
  return isNonEmptyScalar(value) || (Array.isArray(value) && value.some(isNonEmptyScalar));
}

const SHAPE_MESSAGES: Readonly<Record<SecretKind, (shape: SecretSpan) => string>> = {
  "private-key": () => "holds a private key",
  "url-password": () => "has a password in the URL",
  token: (shape) => `holds what looks like ${shape.what}`,
};

/** The shape a message names: a private key first, then a password in a URL, then a token. */
function mainShape(shapes: readonly SecretSpan[]): SecretSpan | undefined {
  const rank = (s: SecretSpan): number => (s.kind === "private-key" ? 0 : s.kind === "url-password" ? 1 : 2);
  let best: SecretSpan | undefined;
  for (const shape of shapes) if (best === undefined || rank(shape) < rank(best)) best = shape;
  return best;
}

export interface SecretScan {
  diagnostics: Diagnostic[];
  /**
   * Where the flagged secrets are in the spec text: values (and whole lists) under credential
   * keys, credential-shaped values and keys. Renderers never print these (redact.ts).
   */
  ranges: TextRange[];
}

interface KeyVerdict {
  named: boolean;
  shape: SecretSpan | undefined;
}

/** Values at least this long are remembered once scanned; shorter ones cost less to scan again than to look up. */
const LONG_VALUE = 256;

export function checkSecrets(root: unknown, locator: Locator): SecretScan {
  const found: Diagnostic[] = [];
  const ranges: TextRange[] = [];
  const seen = new Set<object>();
  const report = (path: PathSegment[], message: string, at: "key" | "value", why = hint(path), hide = locator.span(path)): void => {
    const span = (at === "key" ? locator.keySpan(path) : locator.span(path)) ?? locator.nearest(path);
    found.push({ code: "spec/secret-in-spec", severity: "error", message, span, path, hint: why });
    if (hide !== undefined) ranges.push({ start: hide.start, end: hide.end });
  };
  const shapeHint = (shape: SecretSpan, path: PathSegment[]): string =>
    shape.env === undefined
      ? hint(path)
      : `secrets never live in the spec: use the environment (${shape.env}) or the sensitive variable the generated tree declares`;
  // Keys repeat (every node has a name, a role, an address): judge each distinct key once.
  const keyVerdicts = new Map<string, KeyVerdict>();
  const judgeKey = (key: string): KeyVerdict => {
    let verdict = keyVerdicts.get(key);
    if (verdict === undefined) {
      verdict = { named: isSecretKey(key), shape: mainShape(findSecrets(key)) };
      keyVerdicts.set(key, verdict);
    }
    return verdict;
  };
  // Aliases repeat one value up to the alias budget (src/spec/alias-budget.ts): a long string
  // is scanned once, however often it appears (100 copies of a 900 kB value took 12 s).
  const longValueShapes = new Map<string, SecretSpan | undefined>();
  const shapeOf = (value: string): SecretSpan | undefined => {
    if (value.length < LONG_VALUE) return mainShape(findSecrets(value));
    if (longValueShapes.has(value)) return longValueShapes.get(value);
    const shape = mainShape(findSecrets(value));
    longValueShapes.set(value, shape);
    return shape;
  };
  /** A string at parent + segment; its path is only built for a report. */
  const checkString = (value: string, parent: PathSegment[], segment?: PathSegment): void => {
    const shape = shapeOf(value);
    if (shape === undefined) return;
    const path = segment === undefined ? parent : [...parent, segment];
    report(path, `${displayPath(path)} ${SHAPE_MESSAGES[shape.kind](shape)}`, "value", shape.kind === "token" ? shapeHint(shape, path) : hint(path));
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
      const verdict = judgeKey(key);
      if (verdict.shape !== undefined) {
        // A token pasted as a key (`ghp_...: true`): the key is the secret, and the message
        // names the map it is in, not the key. Its value is not looked into.
        const at = [...path, key];
        const message = `${displayPath(path)} has a key that ${SHAPE_MESSAGES[verdict.shape.kind](verdict.shape)}`;
        report(at, message, "key", verdict.shape.kind === "token" ? shapeHint(verdict.shape, at) : hint(at), locator.keySpan(at));
      } else if (verdict.named && holdsCredential(item)) {
        report([...path, key], `${displayPath([...path, key])} looks like a credential`, "key");
      } else child(item, path, key);
    });
  };
  const child = (value: unknown, parent: PathSegment[], segment: PathSegment): void => {
    if (typeof value === "string") checkString(value, parent, segment);
    else if (value !== null && typeof value === "object") walk(value, [...parent, segment]);
  };
  if (typeof root === "string") checkString(root, []);
  else walk(root, []);
  return { diagnostics: found, ranges };
}

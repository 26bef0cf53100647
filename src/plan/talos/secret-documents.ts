/**
 * Talos documents that carry a secret the spec only names ({ variable: NAME }: an extension
 * service's environment or file, a static disk-encryption passphrase). Such a document never
 * becomes a file of the tree: the root module builds it with yamlencode() from the sensitive
 * variable, so the value lives only in the variable, the state and the node, as the talos
 * provider's machine secrets already do. Every other document stays YAML in the node's patch.
 */
import { expr, hclString, obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";

/** A string of a document made of `prefix` and the value of the sensitive variable `variable`. */
export class SecretText {
  constructor(
    readonly variable: string,
    readonly prefix = "",
  ) {}
}

type Document = Record<string, unknown>;

/** Whether a document holds a SecretText anywhere. */
export function holdsSecret(value: unknown): boolean {
  if (value instanceof SecretText) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsSecret);
  return false;
}

/** The variables a document reads, in the order it reads them. */
export function secretsOf(value: unknown): SecretText[] {
  if (value instanceof SecretText) return [value];
  if (Array.isArray(value)) return value.flatMap(secretsOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(secretsOf);
  return [];
}

/** The document as HCL: the same keys in the same order, secrets read from their variables. */
function hclOf(value: unknown): HclValue {
  if (value instanceof SecretText) {
    // The prefix is quoted as any HCL string (hclString escapes "${" and "%{"), the variable
    // interpolated after it.
    return value.prefix === "" ? expr(`var.${value.variable}`) : expr(`"${hclString(value.prefix).slice(1, -1)}\${var.${value.variable}}"`);
  }
  if (Array.isArray(value)) return value.map(hclOf);
  if (value !== null && typeof value === "object") return obj(new Map(Object.entries(value).map(([key, child]) => [key, hclOf(child)])));
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return null;
}

/** The root module's locals of documents with secrets (each once), and which each node gets. */
export interface SecretDocuments {
  locals: Map<string, HclValue>;
  byNode: Map<string, string[]>;
}

/**
 * Keys name the document (its name: "tailscale", "EPHEMERAL"), with "-2", "-3"
 * for a second and third variant of one name.
 */
export function secretDocuments(nodes: ReadonlyArray<{ name: string; documents: readonly Document[] }>): SecretDocuments {
  const locals = new Map<string, HclValue>();
  const keyOf = new Map<string, string>();
  const byNode = new Map<string, string[]>();
  for (const node of nodes) {
    const keys: string[] = [];
    for (const document of node.documents) {
      const value = expr(`yamlencode(${renderHclValue(hclOf(document))})`);
      const text = value.text;
      let key = keyOf.get(text);
      if (key === undefined) {
        // The name as written: Talos's own for system volumes (EPHEMERAL), the spec's otherwise.
        const base = String(document["name"] ?? document["kind"] ?? "document");
        key = base;
        for (let n = 2; locals.has(key); n++) key = `${base}-${n}`;
        locals.set(key, value);
        keyOf.set(text, key);
      }
      keys.push(key);
    }
    if (keys.length > 0) byNode.set(node.name, keys);
  }
  return { locals, byNode };
}

/**
 * Extension service configurations (Talos v1.13 ExtensionServiceConfig: a name, the service's
 * environment as KEY=value lines and its config files; machinery config/types/runtime/
 * extensions/service_config.go). One without a secret is a document of the node's patch file.
 * One with a secret never becomes a file: the root module builds it with yamlencode() from the
 * sensitive variables the spec names (SecretRef), so the value lives only in the variable, the
 * state and the node, as the talos provider's machine secrets already do.
 */
import type { ClusterModel, NodeModel } from "../../model/model.js";
import type { ExtensionServiceSpec, SecretOrText } from "../../spec/types.js";
import { expr, obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";

type Document = Record<string, unknown>;

const isSecret = (value: SecretOrText): value is { variable: string } => typeof value !== "string";

/** Environment lines in key order, so the document does not follow the spec's listing order. */
function environmentEntries(service: ExtensionServiceSpec): Array<[string, SecretOrText]> {
  return Object.entries(service.environment ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function hasSecret(service: ExtensionServiceSpec): boolean {
  return environmentEntries(service).some(([, value]) => isSecret(value)) || (service.configFiles ?? []).some((file) => isSecret(file.content));
}

/** The document of a service without secrets, for the node's patch file. */
export function extensionServiceConfig(service: ExtensionServiceSpec): Document {
  const document: Document = { apiVersion: "v1alpha1", kind: "ExtensionServiceConfig", name: service.name };
  const files = service.configFiles ?? [];
  if (files.length > 0) document["configFiles"] = files.map((file) => ({ content: file.content, mountPath: file.mountPath }));
  const environment = environmentEntries(service);
  if (environment.length > 0) document["environment"] = environment.map(([key, value]) => `${key}=${String(value)}`);
  return document;
}

/** The same document as an HCL expression that reads its secrets from variables. */
function extensionServiceExpr(service: ExtensionServiceSpec): HclValue {
  const document = new Map<string, HclValue>([
    ["apiVersion", "v1alpha1"],
    ["kind", "ExtensionServiceConfig"],
    ["name", service.name],
  ]);
  const files = service.configFiles ?? [];
  if (files.length > 0) {
    document.set(
      "configFiles",
      files.map((file) => obj({ content: isSecret(file.content) ? expr(`var.${file.content.variable}`) : file.content, mountPath: file.mountPath })),
    );
  }
  const environment = environmentEntries(service);
  if (environment.length > 0) {
    // The key is an environment variable name (schema envName: letters, digits, "_"), so it
    // needs no escaping inside the template string.
    document.set(
      "environment",
      environment.map(([key, value]) => (isSecret(value) ? expr(`"${key}=\${var.${value.variable}}"`) : `${key}=${value}`)),
    );
  }
  return expr(`yamlencode(${renderHclValue(obj(document))})`);
}

/** The sensitive variables the spec names, each with what uses it, by name. */
export interface SecretVariable {
  name: string;
  usedBy: string[];
}

export function secretVariables(model: ClusterModel): SecretVariable[] {
  const uses = new Map<string, Set<string>>();
  const use = (value: SecretOrText, where: string): void => {
    if (!isSecret(value)) return;
    const set = uses.get(value.variable) ?? new Set<string>();
    set.add(where);
    uses.set(value.variable, set);
  };
  for (const node of model.nodes) {
    for (const service of node.extensionServices) {
      for (const [key, value] of environmentEntries(service)) use(value, `extension service ${service.name}: ${key}`);
      for (const file of service.configFiles ?? []) use(file.content, `extension service ${service.name}: ${file.mountPath}`);
    }
  }
  return [...uses.keys()].sort().map((name) => ({ name, usedBy: [...(uses.get(name) ?? [])].sort() }));
}

/**
 * The documents with secrets, each once (root locals keyed by service name, "-2", "-3" for a
 * second and third variant of one service), and which of them each node gets.
 */
export interface SecretDocuments {
  locals: Map<string, HclValue>;
  byNode: Map<string, string[]>;
}

export function secretDocuments(nodes: readonly NodeModel[]): SecretDocuments {
  const locals = new Map<string, HclValue>();
  const keyOf = new Map<string, string>();
  const byNode = new Map<string, string[]>();
  for (const node of nodes) {
    const keys: string[] = [];
    for (const service of node.extensionServices.filter(hasSecret)) {
      const value = extensionServiceExpr(service);
      const text = renderHclValue(value);
      let key = keyOf.get(text);
      if (key === undefined) {
        key = service.name;
        for (let n = 2; locals.has(key); n++) key = `${service.name}-${n}`;
        locals.set(key, value);
        keyOf.set(text, key);
      }
      keys.push(key);
    }
    if (keys.length > 0) byNode.set(node.name, keys);
  }
  return { locals, byNode };
}

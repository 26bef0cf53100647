/**
 * Extension service configurations (Talos v1.13 ExtensionServiceConfig: a name, the service's
 * environment as KEY=value lines and its config files; machinery config/types/runtime/
 * extensions/service_config.go). A secret of the spec ({ variable: NAME }) becomes a
 * SecretText, which keeps the document out of the node's patch file (secret-documents.ts).
 */
import type { ExtensionServiceSpec, SecretOrText } from "../../spec/types.js";
import { SecretText } from "./secret-documents.js";
import { byKey } from "../../base/compare.js";

type Document = Record<string, unknown>;

const isSecret = (value: SecretOrText): value is { variable: string } => typeof value !== "string";

/** Environment lines in key order, so the document does not follow the spec's listing order. */
function environmentEntries(service: ExtensionServiceSpec): Array<[string, SecretOrText]> {
  return byKey(service.environment ?? {});
}

export function extensionServiceConfig(service: ExtensionServiceSpec): Document {
  const document: Document = { apiVersion: "v1alpha1", kind: "ExtensionServiceConfig", name: service.name };
  const files = service.configFiles ?? [];
  if (files.length > 0) {
    document["configFiles"] = files.map((file) => ({
      content: isSecret(file.content) ? new SecretText(file.content.variable) : file.content,
      mountPath: file.mountPath,
    }));
  }
  const environment = environmentEntries(service);
  if (environment.length > 0) {
    // The key is an environment variable name (schema envName: letters, digits, "_").
    document["environment"] = environment.map(([key, value]) => (isSecret(value) ? new SecretText(value.variable, `${key}=`) : `${key}=${value}`));
  }
  return document;
}

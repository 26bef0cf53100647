/**
 * `validate` needs the providers: online, `tofu init` downloads them from the registry. Without
 * network every provider fails the same way ("Failed to resolve provider packages ... could not
 * connect to registry.opentofu.org"), and the user is left with three registry errors. The first
 * of them says what works without network: the bundled provider schemas (--offline).
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";

/** OpenTofu and Terraform's init summaries and details when no registry answers (tofu 1.11 init -json). */
const UNREACHABLE = ["could not connect to registry", "failed to request discovery document", "Failed to query available provider packages"];

export const OFFLINE_HINT =
  "no provider registry answered: validate offline with talos-hclgen validate --offline, against the provider schemas bundled with talos-hclgen";

export function withOfflineHint(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const first = diagnostics.findIndex((d) => d.severity === "error" && d.hint === undefined && UNREACHABLE.some((text) => d.message.includes(text)));
  if (first === -1) return [...diagnostics];
  return diagnostics.map((d, i) => (i === first ? { ...d, hint: OFFLINE_HINT } : d));
}

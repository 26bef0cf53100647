/**
 * The one YAML emitter. YAML 1.1 mode quotes the strings Go's YAML 1.1 readers would take
 * for booleans (on, off, yes, no, y, n); lines are never folded.
 *
 * Key order: documents the compiler builds keep their construction order (apiVersion and
 * kind first, as Talos documents them), which is deterministic by construction. Values that
 * come from the user (raw patches, Helm values) are emitted with sorted keys, so the key
 * order of the spec never changes the output.
 */
import { stringify } from "yaml";

export interface YamlOptions {
  sortKeys: boolean;
}

export function emitYaml(value: unknown, options: YamlOptions): string {
  return stringify(value, {
    version: "1.1",
    lineWidth: 0,
    minContentWidth: 0,
    indent: 2,
    sortMapEntries: options.sortKeys,
    aliasDuplicateObjects: false,
  });
}

/** A multi-document stream: each document is emitted alone, then joined with `---`. */
export function emitYamlDocuments(documents: readonly unknown[], options: YamlOptions): string {
  return documents.map((document) => emitYaml(document, options)).join("---\n");
}

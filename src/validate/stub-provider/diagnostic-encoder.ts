/**
 * tfplugin6 Diagnostic {severity 1, summary 2, detail 3, attribute 4} and AttributePath
 * {repeated Step steps = 1}, Step oneof {attribute_name 1, element_key_string 2,
 * element_key_int 3}. Terraform turns the path into the source range of the argument.
 */
import type { PathStep, StubDiagnostic } from "./config-checks.js";
import { ProtoWriter } from "./protobuf.js";

const SEVERITY = { error: 1, warning: 2 } as const;

function encodeStep(step: PathStep): ProtoWriter {
  const w = new ProtoWriter();
  if ("attribute" in step) return w.bytes(1, Buffer.from(step.attribute, "utf8"));
  if ("key" in step) return w.bytes(2, Buffer.from(step.key, "utf8"));
  // A oneof member is written even when zero: an empty Step would select nothing.
  return w.varint(3, step.index, true);
}

export function encodeDiagnostic(diagnostic: StubDiagnostic): ProtoWriter {
  const w = new ProtoWriter().varint(1, SEVERITY[diagnostic.severity]).string(2, diagnostic.summary).string(3, diagnostic.detail);
  if (diagnostic.path !== undefined && diagnostic.path.length > 0) {
    const path = new ProtoWriter();
    for (const step of diagnostic.path) path.message(1, encodeStep(step));
    w.message(4, path);
  }
  return w;
}

/**
 * Terraform/OpenTofu machine-readable diagnostics -> our Diagnostic values. `validate -json`
 * prints one document with a `diagnostics` array; `init -json` prints one JSON message per
 * line, diagnostics having `type: "diagnostic"`
 * (https://developer.hashicorp.com/terraform/internals/machine-readable-ui). Ranges name
 * files relative to the working directory; we re-root them at the tree as the user named it.
 */
import { isAbsolute, posix, relative, sep } from "node:path";
import type { Diagnostic, Span } from "../diagnostics/diagnostic.js";

interface RawPos {
  line: number;
  column: number;
  byte: number;
}

export interface RawDiagnostic {
  severity: string;
  summary: string;
  detail?: string;
  range?: { filename: string; start: RawPos; end: RawPos };
}

export interface MappingContext {
  /** The tree as the user named it (`infra/`), prefixed to every file. */
  label: string;
  /** The directory the tool ran in (the scratch copy). */
  workDir: string;
  sourceMap?: ((file: string, line: number) => Span | undefined) | undefined;
}

/** Diagnostics are one line each in plain output; Terraform's details are paragraphs. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

function isRawDiagnostic(value: unknown): value is RawDiagnostic {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  return typeof d["severity"] === "string" && typeof d["summary"] === "string";
}

function fileFor(filename: string, context: MappingContext): string {
  let relativeName = filename;
  if (isAbsolute(filename)) relativeName = relative(context.workDir, filename);
  relativeName = relativeName.split(sep).join("/");
  return context.label === "" || context.label === "." ? posix.normalize(relativeName) : posix.join(context.label, relativeName);
}

export function toDiagnostic(raw: RawDiagnostic, code: string, context: MappingContext): Diagnostic {
  const detail = oneLine(raw.detail ?? "");
  const diagnostic: Diagnostic = {
    code,
    severity: raw.severity === "warning" ? "warning" : "error",
    message: detail === "" ? oneLine(raw.summary) : `${oneLine(raw.summary)}: ${detail}`,
  };
  if (raw.range !== undefined) {
    const file = fileFor(raw.range.filename, context);
    diagnostic.span = {
      file,
      start: raw.range.start.byte,
      end: raw.range.end.byte,
      pos: { line: raw.range.start.line, col: raw.range.start.column },
    };
    const related = context.sourceMap?.(file, raw.range.start.line);
    if (related !== undefined) diagnostic.related = related;
  }
  return diagnostic;
}

/** `validate -json` stdout; undefined when it is not that document (the tool failed early). */
export function parseValidateJson(stdout: string): RawDiagnostic[] | undefined {
  try {
    const document = JSON.parse(stdout) as { diagnostics?: unknown };
    return Array.isArray(document.diagnostics) ? document.diagnostics.filter(isRawDiagnostic) : undefined;
  } catch {
    return undefined;
  }
}

/** `init -json` stdout: the diagnostic messages among the JSON lines; other lines ignored. */
export function parseJsonLines(stdout: string): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const message = JSON.parse(line) as { type?: unknown; diagnostic?: unknown };
      if (message.type === "diagnostic" && isRawDiagnostic(message.diagnostic)) out.push(message.diagnostic);
    } catch {
      // not a JSON message
    }
  }
  return out;
}

/** Human output (a tool without `-json`, or a crash): the text, without the box drawing. */
export function textDiagnostic(summary: string, text: string): RawDiagnostic {
  const cleaned = text
    .split("\n")
    .map((line) => line.replace(/^[\u2502\u2577\u2575]\s?/u, ""))
    .join("\n");
  const detail = oneLine(cleaned);
  return { severity: "error", summary, detail: detail.length > 2000 ? `${detail.slice(0, 2000)}...` : detail };
}

/**
 * What the import leaves out stays in the written spec, as a comment where it would go: the
 * talconfig's own text, its line and why it is not carried. So nothing is lost silently, and
 * the spec says what to carry over by hand at the place it belongs: a node's at the node, a
 * role's at roles.<role>, a node that could not be carried at the end of the nodes, the rest
 * under spec:.
 */
import { isCollection, isMap, isSeq, type Document, type Node } from "yaml";
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { formatPath } from "../../diagnostics/diagnostic.js";
import { findSecrets } from "../../diagnostics/secret-shapes.js";
import { terminalSafe } from "../../diagnostics/terminal-safe.js";
import type { Locator } from "../../spec/locate.js";
import type { LeftOut } from "./context.js";

/** Lines of the talconfig a comment quotes at most. */
const MAX_QUOTED_LINES = 60;

export interface LeftOutSource {
  text: string;
  file: string;
  locator: Locator;
  /** The spec index of each talconfig node that was carried (talconfig index -> spec index). */
  nodeIndex: ReadonlyMap<number, number>;
}

/** The outermost of the left-out paths, each once, in talconfig order. */
function outermost(leftOut: readonly LeftOut[]): LeftOut[] {
  const within = (inner: readonly PathSegment[], outer: readonly PathSegment[]): boolean =>
    inner.length >= outer.length && outer.every((segment, i) => inner[i] === segment);
  const merged = new Map<string, LeftOut>();
  for (const item of leftOut) {
    const key = JSON.stringify(item.path);
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, { path: item.path, reason: item.reason });
    else if (!seen.reason.includes(item.reason)) seen.reason = `${seen.reason}; ${item.reason}`;
  }
  const all = [...merged.values()];
  return all.filter((item) => !all.some((other) => other !== item && other.path.length < item.path.length && within(item.path, other.path)));
}

/** Where in the spec the comment goes. */
function destination(path: readonly PathSegment[], nodeIndex: ReadonlyMap<number, number>): PathSegment[] {
  const [head, index] = path;
  if (head === "nodes" && typeof index === "number") {
    const kept = nodeIndex.get(index);
    return kept === undefined ? ["spec", "nodes"] : ["spec", "nodes", kept];
  }
  if (head === "controlPlane") return ["spec", "roles", "controlplane"];
  if (head === "worker") return ["spec", "roles", "worker"];
  return ["spec"];
}

/** The talconfig's text of `path`, its key included, dedented; the credentials the scan finds are never quoted. */
function quoted(source: LeftOutSource, path: readonly PathSegment[]): string[] {
  const key = source.locator.keySpan(path);
  const value = source.locator.span(path);
  if (key === undefined && value === undefined) return [];
  const start = Math.min(key?.start ?? Infinity, value?.start ?? Infinity);
  const end = Math.max(key?.end ?? -Infinity, value?.end ?? -Infinity);
  const text = source.text.slice(start, end).replace(/\s+$/, "");
  if (findSecrets(text).length > 0) return ["(its text is not quoted here: it holds what looks like a credential)"];
  const column = (key ?? value)?.pos.col ?? 1;
  const lines = text.split(/\r?\n/).map((line, i) => (i === 0 ? line : line.slice(Math.min(column - 1, line.length - line.trimStart().length))));
  const shown = lines.slice(0, MAX_QUOTED_LINES);
  if (lines.length > shown.length) shown.push(`... (${lines.length - shown.length} more lines)`);
  return shown.map((line) => terminalSafe(line));
}

function nodeAt(document: Document, path: readonly PathSegment[]): Node | undefined {
  let node: unknown = document.contents;
  let deepest: Node | undefined = isCollection(node) ? node : undefined;
  for (const segment of path) {
    if (isMap(node) || isSeq(node)) node = node.get(segment, true);
    else break;
    if (isCollection(node)) deepest = node;
    else break;
  }
  return deepest;
}

/** Puts each left-out part into `document` as a comment at its place. */
export function commentLeftOut(document: Document, leftOut: readonly LeftOut[], source: LeftOutSource): void {
  for (const item of outermost(leftOut)) {
    const line = source.locator.keySpan(item.path)?.pos.line ?? source.locator.nearest(item.path).pos.line;
    const text = [
      ` Not carried over: ${formatPath(item.path)} (${source.file}:${line}): ${terminalSafe(item.reason)}`,
      ...quoted(source, item.path).map((l) => `   ${l}`),
    ].join("\n");
    const to = destination(item.path, source.nodeIndex);
    const target = nodeAt(document, to);
    if (target === undefined) continue;
    // A node that was not carried: after the last node (the nodes list's closing comment).
    if (isSeq(target) && to.length === 2) target.comment = target.comment === undefined || target.comment === null ? text : `${target.comment}\n${text}`;
    else target.commentBefore = target.commentBefore === undefined || target.commentBefore === null ? text : `${target.commentBefore}\n${text}`;
  }
}

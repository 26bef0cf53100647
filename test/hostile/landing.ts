/**
 * Where a spec value lands in the generated tree, learned from the base tree, and the check
 * that an injected value landed in exactly those places, intact.
 *
 * Every injectable value of a base spec is a distinctive marker ("zqnode0x"), so the base
 * tree shows where each one goes: every terminal of the parsed tree (a string, number, empty
 * container...) whose file path, key path or text contains the marker is a landing site. After
 * injecting values v_i in place of markers m_i, each site must still exist with every m_i
 * replaced by v_i, in its file path, in its keys and in its text: the value reached the same
 * place, whole and unescaped, which is only possible if every emitter quoted it right. Where
 * the marker is only in the path (a key, a file name), the path must be there.
 * List indices are wildcards (lists are sorted by value, so an injected value may move).
 *
 * HCL text is compared under NFC: HCL normalizes every string to NFC (cty), and so do the
 * emitters. A site inside an HCL expression (`file("${path.module}/patches/nodes/<name>.yaml")`)
 * only ever accepts plain names; a value with any other character there would be code.
 */
import { machineResourceName } from "../../src/plan/rollout.js";
import { hclLiteral, type ParsedTree } from "./tree.js";

export type Segment = string | number;

export interface Site {
  file: string;
  path: Segment[];
  /** The terminal: a string, number, boolean, null, or an empty list/map. */
  value: unknown;
}

export interface Injected {
  marker: string;
  value: string;
}

function isTerminal(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

function* terminals(value: unknown, path: Segment[] = []): Generator<{ path: Segment[]; value: unknown }> {
  if (isTerminal(value)) {
    yield { path, value };
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* terminals(value[i], [...path, i]);
    return;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) yield* terminals(child, [...path, key]);
}

/** Every landing site of every marker in a parsed tree; markers that land nowhere map to []. */
export function findSites(tree: ParsedTree, markers: readonly string[]): Map<string, Site[]> {
  const sites = new Map<string, Site[]>(markers.map((m) => [m, []]));
  for (const [file, { kind, value }] of tree) {
    if (kind === "text") continue; // README.md: prose, checked for characters only
    for (const terminal of terminals(value)) {
      const texts = [file, ...terminal.path.filter((s): s is string => typeof s === "string")];
      if (typeof terminal.value === "string") texts.push(terminal.value);
      for (const marker of markers) {
        if (texts.some((t) => t.includes(marker))) sites.get(marker)?.push({ file, ...terminal });
      }
    }
  }
  return sites;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Replaces every marker by its value at once (a value may itself contain a marker's text). A
 * host right after "://" is bracketed when the value is an IPv6 address (RFC 3986 §3.2.2).
 */
export function substitution(injected: readonly Injected[], normalize: boolean): (text: string) => string {
  if (injected.length === 0) return (text) => text;
  const byMarker = new Map(injected.map((i) => [i.marker, normalize ? i.value.normalize("NFC") : i.value]));
  const pattern = new RegExp(`(://|${MACHINE}\\.)?(${[...byMarker.keys()].map(escapeRegExp).join("|")})`, "g");
  return (text) =>
    text.replace(pattern, (_m, prefix: string | undefined, marker: string) => {
      const value = byMarker.get(marker) ?? marker;
      if (prefix === undefined) return value;
      // A node's talos_machine is named after it, prefixed when the name is no HCL identifier.
      if (prefix !== "://") return `${MACHINE}.${machineResourceName(value)}`;
      return value.includes(":") ? `://[${value}]` : `://${value}`;
    });
}

const MACHINE = "talos_machine";

/** A site's path with its markers substituted: a talos_machine's block key the way the rollout names it. */
function substitutedPath(path: readonly Segment[], sigma: (text: string) => string, unquote: (text: string) => string): Segment[] {
  return path.map((segment, i) => {
    if (typeof segment !== "string") return segment;
    const value = sigma(unquote(segment));
    return i === 2 && path[0] === "resource" && path[1] === MACHINE ? machineResourceName(value) : value;
  });
}

/** A value safe to see inside an HCL expression's quoted template: no quote, escape or `${`. */
const PLAIN = /^[A-Za-z0-9._-]*$/;

/** The value at an exact path (no wildcards), or undefined. */
function terminalAt(node: unknown, path: readonly Segment[]): unknown {
  let at = node;
  for (const segment of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

/** The "quoted" strings of HCL expression text, unescaped (\\, \", \n, \uXXXX, $${). */
function stringLiterals(expression: string): string[] {
  const literals: string[] = [];
  for (let i = 0; i < expression.length; i++) {
    if (expression[i] !== '"') continue;
    let j = i + 1;
    while (j < expression.length && expression[j] !== '"') j += expression[j] === "\\" ? 2 : 1;
    literals.push(unescapeHcl(expression.slice(i + 1, j)));
    i = j;
  }
  return literals;
}

/**
 * A quoted string's value; a template sequence the source did not escape (`${`, `%{`) is
 * marked with a NUL, so an injected "${" that reached the file unescaped differs from one
 * written as "$${" (HCL native syntax: template escapes).
 */
function unescapeHcl(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\") {
      const e = body[i + 1] ?? "";
      if (e === "u" || e === "U") {
        const digits = e === "u" ? 4 : 8;
        out += String.fromCodePoint(parseInt(body.slice(i + 2, i + 2 + digits), 16));
        i += 1 + digits;
      } else {
        out += e === "n" ? "\n" : e === "r" ? "\r" : e === "t" ? "\t" : e;
        i += 1;
      }
    } else if ((c === "$" || c === "%") && body[i + 1] === c && body[i + 2] === "{") {
      out += `${c}{`;
      i += 2;
    } else if ((c === "$" || c === "%") && body[i + 1] === "{") {
      out += `\u0000${c}{`;
      i += 1;
    } else out += c;
  }
  return out;
}

/** The expression's code without its strings. */
function codeAround(expression: string): string {
  let code = "";
  for (let i = 0; i < expression.length; i++) {
    if (expression[i] === '"') {
      let j = i + 1;
      while (j < expression.length && expression[j] !== '"') j += expression[j] === "\\" ? 2 : 1;
      i = j;
      continue;
    }
    code += expression[i];
  }
  return code;
}

/** Code as a multiset of characters: layout, commas and order aside. */
function sortedCode(code: string): string {
  return [...code.replace(/[\s,]/g, "")].sort().join("");
}

/** Whether every occurrence of `marker` in HCL expression text sits inside a "quoted" string. */
function onlyInsideStrings(expression: string, marker: string): boolean {
  let inside = false;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (inside && c === "\\") {
      i++;
      continue;
    }
    if (c === '"') inside = !inside;
    else if (!inside && expression.startsWith(marker, i)) return false;
  }
  return true;
}

function sameTerminal(actual: unknown, expected: unknown, hcl: boolean, sigma: (t: string) => string): boolean {
  if (typeof expected !== "string") return JSON.stringify(actual) === JSON.stringify(expected);
  if (typeof actual !== "string") return false;
  if (!hcl) return actual === sigma(expected);
  const literal = hclLiteral(expected);
  const actualLiteral = hclLiteral(actual);
  if (literal === undefined) return actualLiteral === undefined && actual === sigma(expected);
  return actualLiteral !== undefined && actualLiteral.normalize("NFC") === sigma(literal).normalize("NFC");
}

function unescapeKey(key: Segment, hcl: boolean): Segment {
  return hcl && typeof key === "string" ? (hclLiteral(key) ?? key).normalize("NFC") : key;
}

/**
 * Whether `path` leads to a terminal that `match`es. Numeric segments match any index; the last
 * segment, when it is a fixed attribute name (`anyLastKey`), matches any key of its object: a
 * value may choose its attribute by its shape (a raw PCI id goes to `id`, a mapping name to
 * `mapping`), and what matters is that it arrives intact in the same object.
 */
function existsAt(node: unknown, path: readonly Segment[], i: number, hcl: boolean, anyLastKey: boolean, match: (terminal: unknown) => boolean): boolean {
  if (i === path.length) return match(node);
  if (node === null || typeof node !== "object") return false;
  const segment = path[i];
  const next = (child: unknown): boolean => existsAt(child, path, i + 1, hcl, anyLastKey, match);
  if (typeof segment === "number") return Array.isArray(node) && node.some(next);
  if (Array.isArray(node) || segment === undefined) return false;
  const entries = Object.entries(node as Record<string, unknown>);
  const anyKey = anyLastKey && i === path.length - 1;
  return entries.some(([key, child]) => (anyKey || unescapeKey(key, hcl) === segment) && next(child));
}

/**
 * Throws unless every site of every injected marker is found, substituted, in `tree`.
 * `sites` are the base tree's sites for these markers.
 */
export function checkLanding(tree: ParsedTree, sites: ReadonlyMap<string, readonly Site[]>, injected: readonly Injected[]): void {
  const exact = substitution(injected, false);
  const nfc = substitution(injected, true);
  for (const { marker, value } of injected) {
    for (const site of sites.get(marker) ?? []) {
      const file = exact(site.file);
      const parsed = tree.get(file);
      const where = `${JSON.stringify(value)} (in place of ${marker}) at ${file} ${JSON.stringify(site.path)}`;
      if (parsed === undefined) throw new Error(`${where}: the file is missing`);
      const hcl = parsed.kind === "hcl";
      const inExpression = hcl && typeof site.value === "string" && hclLiteral(site.value) === undefined && site.value.includes(marker);
      if (inExpression) {
        const base = site.value as string;
        // In the code of an expression (file("..."), var.<name>) only plain names may land; a
        // value with any other character there would be code.
        if (!onlyInsideStrings(base, marker) && !PLAIN.test(value)) {
          throw new Error(`${where}: a non-plain value was accepted into an HCL expression: ${base}`);
        }
        // Inside a quoted string of an expression (yamlencode({ name = "..." })) any value may
        // land, quoted whole: the expression holds the base one's string literals with each
        // marker replaced by its value, and the same code around them (with plain names
        // substituted). Compared as multisets: lists are sorted by value and may move to one
        // line or several.
        const actual = terminalAt(
          parsed.value,
          substitutedPath(site.path, nfc, (s) => s),
        );
        // Literals without a marker may hold values injected into slots that land nowhere
        // (a size): only their number is compared.
        const baseLiterals = stringLiterals(base);
        const actualLiterals = typeof actual === "string" ? stringLiterals(actual) : [];
        const remaining = [...actualLiterals];
        const ok =
          typeof actual === "string" &&
          actualLiterals.length === baseLiterals.length &&
          baseLiterals
            .filter((literal) => injected.some((i) => literal.includes(i.marker)))
            .every((literal) => {
              const at = remaining.indexOf(nfc(literal));
              if (at < 0) return false;
              remaining.splice(at, 1);
              return true;
            }) &&
          sortedCode(codeAround(actual)) === sortedCode(nfc(codeAround(base)));
        if (!ok) throw new Error(`${where}: not quoted whole in the HCL expression ${base}; the file has ${JSON.stringify(actual)}`);
        continue;
      }
      const sigma = hcl ? nfc : exact;
      const path = substitutedPath(site.path, sigma, (s) => (hcl ? (hclLiteral(s) ?? s) : s));
      // Where the marker is only in the file or key path, the value there may be derived from
      // it (a MAC address hashed from the node name): only the path itself must be there.
      const holdsMarker = typeof site.value === "string" && site.value.includes(marker);
      const match = holdsMarker ? (t: unknown) => sameTerminal(t, site.value, hcl, sigma) : () => true;
      const last = site.path.at(-1);
      const fixedLastKey = typeof last === "string" && !injected.some((i) => last.includes(i.marker));
      if (!existsAt(parsed.value, path, 0, hcl, fixedLastKey, match)) {
        const expected = typeof site.value === "string" ? sigma(hcl ? (hclLiteral(site.value) ?? site.value) : site.value) : site.value;
        throw new Error(`${where}: expected ${JSON.stringify(expected)} there; the file holds ${JSON.stringify(parsed.value).slice(0, 4000)}`);
      }
    }
  }
}

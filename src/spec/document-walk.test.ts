import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSpec } from "./parse.js";

/**
 * The walk's two fast paths (document-walk.ts) against the exhaustive reference: lone surrogates
 * looked for in double-quoted strings only, and the plain value built by the walk instead of
 * yaml's toJS. Random documents with and without anchors, aliases, merge keys and escapes must
 * give the same diagnostics and exactly the same value either way.
 */

/** Exact shape of a value: own keys in order, property flags, prototypes, shared objects. */
function exact(value: unknown): string {
  const ids = new Map<object, number>();
  const go = (x: unknown): string => {
    if (typeof x === "symbol") return `symbol:${x.description ?? ""}`;
    if (x === null || typeof x !== "object") return `${typeof x}:${Object.is(x, -0) ? "-0" : String(x)}`;
    const id = ids.get(x);
    if (id !== undefined) return `@${id}`;
    ids.set(x, ids.size);
    const proto = Object.getPrototypeOf(x) as unknown;
    const kind = Array.isArray(x) ? "array" : proto === Object.prototype ? "object" : "other";
    const entries = Reflect.ownKeys(x).map((k) => {
      const d = Object.getOwnPropertyDescriptor(x, k);
      const flags = `${d?.writable ? "w" : ""}${d?.enumerable ? "e" : ""}${d?.configurable ? "c" : ""}`;
      return `${String(k)}/${flags}=${d !== undefined && "value" in d ? go(d.value) : "accessor"}`;
    });
    return `${kind}{${entries.join(",")}}`;
  };
  return go(value);
}

/** What parseSpec gives, or the error it throws (yaml's toJS throws on a few documents). */
function outcome(text: string, exhaustive: boolean): { diagnostics: string; value: string; toJS: string } {
  try {
    const parsed = parseSpec(text, "spec.yaml", { exhaustive });
    const toJS = parsed.value === undefined ? "" : exact(parsed.doc.toJS({ maxAliasCount: 100 }));
    return { diagnostics: JSON.stringify(parsed.diagnostics), value: exact(parsed.value), toJS };
  } catch (error) {
    return { diagnostics: `threw ${String(error)}`, value: "", toJS: "" };
  }
}

const KEYS = [
  "name",
  "role",
  "a",
  "b",
  "<<",
  '"<<"',
  "!!str <<",
  "__proto__",
  "toString",
  "1",
  "true",
  "~",
  "",
  '"\\ud800"',
  '"k\\U0001F600"',
  "&a k",
  "*a",
  "? [x]",
];
const SCALARS = [
  "x",
  "1",
  "-2.5",
  "true",
  "null",
  "",
  '"\\ud800"',
  '"a\\udbff"',
  '"\\U0000DC00"',
  '"\\U0001F600"',
  '"\\ud83d\\ude00"',
  "😀",
  "'q'",
  '"e\\x41\\t"',
  "!!str 5",
  "!custom v",
];
const REFERENCES = ["*a", "*b", "*zz", "&a 1", "&b {m: 1}", "&a [1, 2]", "[*a, *b]", "{<<: *b}", "[a: 1]"];

interface Tree {
  anchor: string;
  entries: Array<[string, Tree | string]>;
  list: boolean;
}

const tree = fc.letrec<{ node: Tree; value: Tree | string }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.constantFrom(...SCALARS, ...REFERENCES), tie("node")),
  node: fc.record({
    anchor: fc.constantFrom("", "", "&a ", "&b "),
    entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("value")), { minLength: 1, maxLength: 4 }),
    list: fc.boolean(),
  }),
})).node;

function render(node: Tree, indent: string, root: boolean): string {
  const lines = node.entries.map(([key, value]) => {
    const head = node.list ? `${indent}- ` : `${indent}${key}: `;
    return typeof value === "string" ? `${head}${value}` : `${head.trimEnd()}\n${render(value, `${indent}  `, false)}`;
  });
  const anchor = root || node.anchor === "" ? "" : `${indent}${node.anchor.trim()}\n`;
  return `${anchor}${lines.join("\n")}`;
}

/** Root maps (lists are refused before the walk's value matters), some with a stray token. */
const documents = fc.oneof(
  { weight: 4, arbitrary: tree.map((t) => `${render({ ...t, list: false }, "", true)}\n`) },
  {
    weight: 1,
    arbitrary: fc.tuple(tree, fc.nat(), fc.constantFrom("*a", "&a ", "<<: *a\n", ": ", "{", '"\\ud800"', "---\n")).map(([t, at, token]) => {
      const text = `${render({ ...t, list: false }, "", true)}\n`;
      const i = at % (text.length + 1);
      return text.slice(0, i) + token + text.slice(i);
    }),
  },
);

describe("document walk fast paths", () => {
  it("give the exhaustive walk's diagnostics and toJS's exact value", () => {
    fc.assert(
      fc.property(documents, (text) => {
        const fast = outcome(text, false);
        const reference = outcome(text, true);
        expect(fast).toEqual(reference);
        if (fast.toJS !== "") expect(fast.value).toBe(fast.toJS);
      }),
      { numRuns: 3000 },
    );
  });

  it("finds lone surrogates that escapes make, in keys and values", () => {
    const codes = (text: string) => parseSpec(text, "spec.yaml").diagnostics.map((d) => `${d.code}@${d.span?.pos.line ?? 0}:${d.span?.pos.col ?? 0}`);
    expect(codes('a: "\\ud800"\n"\\U0000DC00": 1\nb: "\\ud83d\\ude00"\nc: 😀\n')).toEqual(["yaml/invalid-character@1:4", "yaml/invalid-character@2:1"]);
  });

  it("builds the value itself only without aliases and merge keys", () => {
    const parsed = parseSpec("a: { __proto__: 1, toString: 2 }\nb: [x, { c: ~ }]\n", "spec.yaml");
    expect(exact(parsed.value)).toBe(exact(parsed.doc.toJS()));
    const merged = parseSpec("base: &b { role: worker }\nnode: { <<: *b, cpu: 4 }\n", "spec.yaml");
    expect(merged.value).toEqual({ base: { role: "worker" }, node: { role: "worker", cpu: 4 } });
  });
});

/**
 * What the YAML emitter (src/render/yaml.ts and its fast path) must do with hostile strings,
 * one example per rule, read back as YAML 1.1 and 1.2. The injection properties find these
 * classes at random; this file names them. Each was a bug before the hostile-input work:
 * the `yaml` package writes all of these raw or plain.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatFiles } from "../../src/format/format.js";
import { emitYaml } from "../../src/render/yaml.js";
import { checkCharacters } from "./tree.js";

/** Emitted as a value and as a key, through the format stage, and read back. */
function roundTrip(value: string): {
  text: string;
  v11: unknown;
  v12: unknown;
} {
  const document = { k: value, [value]: [value] };
  const [file] = formatFiles([
    {
      path: "x.yaml",
      kind: "yaml",
      contents: emitYaml(document, { sortKeys: true }),
    },
  ]);
  const text = file?.contents ?? "";
  checkCharacters({ path: "x.yaml", contents: text });
  expect(parse(text, { version: "1.1" }), "as YAML 1.1").toEqual(document);
  expect(parse(text, { version: "1.2" }), "as YAML 1.2").toEqual(document);
  return { text, v11: parse(text, { version: "1.1" }), v12: parse(text) };
}

describe("the YAML emitter and hostile strings", () => {
  it.each([
    ["NEL, a line break to YAML 1.1 readers", "a\u0085b", "\\N"],
    ["LINE SEPARATOR", "a\u2028b", "\\L"],
    ["PARAGRAPH SEPARATOR", "a\u2029b", "\\P"],
    ["DEL", "a\u007fb", "\\x7f"],
    ["a C1 control", "a\u0090b", "\\x90"],
    ["a non-character", "a\ufffeb", "\\ufffe"],
    ["a BOM inside the document", "\ufeffa", "\\ufeff"],
    // Trojan Source (CVE-2021-42574): what a reviewer of the diff sees must be what tools read.
    ["a right-to-left override", "admin\u202e/nimda", "\\u202e"],
    ["a right-to-left isolate", "a\u2067b", "\\u2067"],
    ["a zero-width space", "ghcr\u200b.io", "\\u200b"],
    ["a zero-width joiner", "a\u200db", "\\u200d"],
    ["a soft hyphen", "a\u00adb", "\\xad"],
  ])("escapes %s", (_what, value, escape) => {
    expect(roundTrip(value).text).toContain(escape);
  });

  it.each(["0O17", "0o17", "+0o7", "0B101", "0X1F", "-0x1f"])("quotes %s, which go-yaml would read as a number", (value) => {
    expect(roundTrip(value).text).toContain(`"${value}"`);
  });

  it('writes a literal "<<" key so that no reader merges it', () => {
    const text = emitYaml({ "<<": { a: 1 }, b: 2 }, { sortKeys: true });
    expect(parse(text, { version: "1.1", merge: true })).toEqual({
      "<<": { a: 1 },
      b: 2,
    });
  });

  it.each([
    ["a trailing space on a line", "a \nb"],
    ["a blank line of spaces", "a\n  \nb"],
    ["trailing blank lines", "a\n\n"],
    ["a lone line break", "\n"],
    ["a trailing NBSP at the end of the file", "x\u00a0"],
  ])("keeps %s through editors and the format stage", (_what, value) => {
    roundTrip(value);
  });
});

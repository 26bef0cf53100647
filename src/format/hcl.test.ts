import { parse } from "@cdktf/hcl2json";
import { execa } from "execa";
import fc from "fast-check";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HclObject, hclString, type HclValue, obj, renderHclValue } from "../render/hcl-value.js";
import { formatHcl, HclFormatError } from "./hcl.js";
import { lexReference } from "./hcl-reference-lexer.test-helper.js";
import { Kind } from "./hcl-tokens.js";
import { toolsRequired } from "../../test/ci.js";

const lines = (...text: string[]): string => text.map((line) => `${line}\n`).join("");

describe("formatHcl: indentation (hclwrite formatIndent)", () => {
  it("re-indents two spaces per bracket level, closers dedent", () => {
    expect(formatHcl(lines('resource "a" "b" {', "      x = [", "1,", "    ]", "nested {", "y = f(", "2,", ")", "        }", "}"))).toBe(
      lines('resource "a" "b" {', "  x = [", "    1,", "  ]", "  nested {", "    y = f(", "      2,", "    )", "  }", "}"),
    );
  });

  it("indents once per line, however many brackets the line opens", () => {
    expect(formatHcl(lines("x = [{", "a = 1", "}]", "y = jsonencode({", "b = [", "]", "})"))).toBe(
      lines("x = [{", "  a = 1", "}]", "y = jsonencode({", "  b = [", "  ]", "})"),
    );
  });

  it("accepts tabs and CRLF, writes spaces and LF", () => {
    expect(formatHcl("a {\r\n\tb\t=\t1\r\n}\r\n")).toBe(lines("a {", "  b = 1", "}"));
  });
});

describe("formatHcl: `=` alignment (hclwrite formatCells)", () => {
  it("aligns a run of single-line attributes one column past the widest name", () => {
    expect(formatHcl(lines("a = 1", "bbb = 2", "cc    =    3"))).toBe(lines("a   = 1", "bbb = 2", "cc  = 3"));
  });

  it("ends a run at a blank line, a comment line, a block header, `x = {` and a closer", () => {
    const input = lines(
      "locals {",
      "a = 1",
      "bb = 2",
      "",
      "ccc = 3",
      "# comment",
      "d = 4",
      "e = {",
      "f = 1",
      "gggg = 2",
      "}",
      "hh = 5",
      "inner {",
      "i = 6",
      "}",
      "jjjjj = 7",
      "}",
    );
    expect(formatHcl(input)).toBe(
      lines(
        "locals {",
        "  a  = 1",
        "  bb = 2",
        "",
        "  ccc = 3",
        "  # comment",
        "  d = 4",
        "  e = {",
        "    f    = 1",
        "    gggg = 2",
        "  }",
        "  hh = 5",
        "  inner {",
        "    i = 6",
        "  }",
        "  jjjjj = 7",
        "}",
      ),
    );
  });

  it("uses the first `=` only, and only when the rest of the line closes what it opens", () => {
    expect(
      formatHcl(
        lines(
          "x = a == b",
          "long_name = { for k, v in m : k => v if v != null }",
          "le = a <= b",
          "set = [",
          '{ name = "a", value = "b" },',
          '{ name = "long", value = "c" },',
          "]",
        ),
      ),
    ).toBe(
      lines(
        "x         = a == b",
        "long_name = { for k, v in m : k => v if v != null }",
        "le        = a <= b",
        "set = [",
        '  { name = "a", value = "b" },',
        '  { name = "long", value = "c" },',
        "]",
      ),
    );
  });

  it("aligns one-line objects' first `=` with the run and leaves the inner ones alone", () => {
    expect(formatHcl(lines('p = { source = "x", version = "1" }', "longer = 1"))).toBe(lines('p      = { source = "x", version = "1" }', "longer = 1"));
  });

  it("counts columns per token in grapheme clusters, as hclwrite does", () => {
    expect(formatHcl(lines("x = {", '"\u1ab0" = 1', "abcd = 2", '"e\u0301x" = 3', "}"))).toBe(
      lines("x = {", '  "\u1ab0"  = 1', "  abcd = 2", '  "e\u0301x" = 3', "}"),
    );
  });

  it("counts a multi-line block comment in the lead like hclwrite (its width, newline included)", () => {
    // lead = `/* a\nb */` (9 clusters) + ` e` = 11 columns, so `f` pads to 11 as well.
    expect(formatHcl(lines("/* a", "b */ e = 1", "f = 2"))).toBe(lines("/* a", "b */ e = 1", `f${" ".repeat(11)}= 2`));
  });
});

describe("formatHcl: trailing comments", () => {
  it("aligns trailing comments in a run, after the assign cell", () => {
    expect(formatHcl(lines("a = 1 # one", "bbb = [1,2] // two", "c = 3", "dd = 4    # four   "))).toBe(
      lines("a   = 1      # one", "bbb = [1, 2] // two", "c   = 3", "dd  = 4 # four"),
    );
  });

  it("leaves the inside of comments alone, except trailing whitespace", () => {
    expect(formatHcl(lines("  #   spaced   out  ", "/*  keep", "      this */", "x = 1"))).toBe(
      lines("#   spaced   out", "/*  keep", "      this */", "x = 1"),
    );
  });
});

describe("formatHcl: spacing inside a line (hclwrite formatSpaces)", () => {
  it.each([
    ["a=b", "a = b"],
    ["a = foo( 1 ,2 )", "a = foo(1, 2)"],
    ["a = [ 1,2 ]", "a = [1, 2]"],
    ["a = x [ 0 ] . y", "a = x[0].y"],
    ["a = var . list [ * ] . id", "a = var.list[*].id"],
    ["a = - 1", "a = -1"],
    ["a = b - -c", "a = b - -c"],
    ["a = ! b && c||d", "a = !b && c || d"],
    ["a = b?c:d", "a = b ? c : d"],
    ["a = f(xs ...)", "a = f(xs...)"],
    ["a = provider :: ns :: fn(1)", "a = provider::ns::fn(1)"],
    ["a = [for x in [1]: x]", "a = [for x in [1] : x]"],
    ["a = {for k,v in m: k=>v...}", "a = { for k, v in m : k => v... }"],
    ["a = {}", "a = {}"],
    ["a = { }", "a = {}"],
    ["a = x.0.y", "a = x.0.y"],
    ['a = "x${ b }y%{ if c }z%{ endif }"', 'a = "x${b}y%{if c}z%{endif}"'],
    ['a = "${ {a=1} }x"', 'a = "${ { a = 1 } }x"'],
    ['a = "${ f("${ g }") }x"', 'a = "${f("${g}")}x"'],
    ['a = "%{ for x in xs ~}${x}%{ endfor ~}"', 'a = "%{for x in xs~}${x}%{endfor~}"'],
    ['a = "  keep  $ % $${ %%{ spaces  "', 'a = "  keep  $ % $${ %%{ spaces  "'],
    ['block  "x"   "y"   {}', 'block "x" "y" {}'],
    ["b { c = 1 }", "b { c = 1 }"],
  ])("%s", (input, output) => {
    expect(formatHcl(`${input}\n`)).toBe(`${output}\n`);
  });
});

// hclwrite's spaceAfterToken writes some neighbours together that then lex as other tokens
// (src/format/hcl-spaces.ts joinsWith): the soup property in hcl-reference.test.ts found
// `! ==` formatted as `!==`, which lexes as `!=` `=` and so formatted again as `!= =`.
// Each case here is written with one space kept, lexes as the input did, and is a fixed point.
describe("formatHcl: never writes two tokens together so that they lex as others", () => {
  const kinds = (text: string): string[] =>
    lexReference(text)
      .filter((t) => t.kind !== Kind.Newline)
      .map((t) => `${Kind[t.kind]} ${t.text}`);

  it.each([
    // the soup's counterexample, and what the old output lexes as
    ["! ==", "! =="],
    ["!==", "!= ="],
    ["a = ! == b", "a = ! == b"],
    ["a = ! = b", "a = ! = b"],
    ["a = ! => b", "a = ! => b"],
    // three dots would be an ellipsis; a dot and an ellipsis would lex as an ellipsis and a dot
    ["a = x . . y", "a = x. .y"],
    ["a = . . .", "a =. . ."],
    ["a = f(x . ...)", "a = f(x. ...)"],
    // a whole number, a dot and a number would be one number; tofu fmt writes `x.0.1`,
    // which it then rejects ("Invalid legacy index syntax")
    ["a = 1 . 5", "a = 1 .5"],
    ["a = x . 0 . 1", "a = x.0 .1"],
    ["a = x . 0 . 1e3", "a = x.0 .1e3"],
    // a sequence opener and `~}` would be `${~` and `}`
    ['a = "${ ~}"', 'a = "${ ~}"'],
    ['a = "%{ ~}"', 'a = "%{ ~}"'],
    ["a = <<EOT\n${ ~}\nEOT", "a = <<EOT\n${ ~}\nEOT"],
    // where writing them together lexes the same, hclwrite's spacing stands
    ["a = ! b", "a = !b"],
    ["a = x . 0 . y", "a = x.0.y"],
    ["a = 1.5 . 2", "a = 1.5.2"],
    ["a = 1e3 . 2", "a = 1e3.2"],
    ['a = "${~ ~}"', 'a = "${~~}"'],
  ])("%j", (input, output) => {
    const formatted = formatHcl(`${input}\n`);
    expect(formatted).toBe(`${output}\n`);
    expect(kinds(formatted)).toEqual(kinds(`${input}\n`));
    expect(formatHcl(formatted)).toBe(formatted);
  });
});

describe("formatHcl: heredocs", () => {
  it("keeps the body byte for byte but spaces its interpolations, and aligns the attribute", () => {
    const input = lines(
      "locals {",
      "a = <<EOT",
      "  keep   this   ",
      "",
      " ${ var.x } and $${y} %{ if z }w%{ endif }",
      "EOT",
      "bb = 1",
      "c = <<-EOT",
      "    indented",
      "    EOT",
      "}",
    );
    expect(formatHcl(input)).toBe(
      lines(
        "locals {",
        "  a  = <<EOT",
        "  keep   this   ",
        "",
        " ${var.x} and $${y} %{if z}w%{endif}",
        "EOT",
        "  bb = 1",
        "  c  = <<-EOT",
        "    indented",
        "    EOT",
        "}",
      ),
    );
  });

  it("does not end the heredoc on a line that only contains the marker as part of it", () => {
    const input = lines("x = <<EOT", "EOTX", " EOT is here", "EOT", "y = 1");
    expect(formatHcl(input)).toBe(input);
  });
});

describe("formatHcl: blank lines and the end of the file", () => {
  it("drops leading, trailing and repeated blank lines", () => {
    expect(formatHcl("\n\n  \na = 1\n\n\n\nb = 2\n\n\n")).toBe(lines("a = 1", "", "b = 2"));
  });

  it("drops blank lines after an opening line and before a closing line", () => {
    expect(formatHcl(lines("a {", "", "  b = [", "", "    1,", "", "  ]", "", "} # end", "", "c {", "", "}"))).toBe(
      lines("a {", "  b = [", "    1,", "  ]", "} # end", "", "c {", "}"),
    );
  });

  it("ends with exactly one newline", () => {
    expect(formatHcl("a = 1")).toBe("a = 1\n");
    expect(formatHcl("a = 1 # c")).toBe("a = 1 # c\n");
    expect(formatHcl("x = <<EOT\nhi\nEOT")).toBe("x = <<EOT\nhi\nEOT\n");
    expect(formatHcl("")).toBe("");
    expect(formatHcl(" \n\t\n")).toBe("");
  });
});

describe("formatHcl: input that is not HCL is a bug, reported with a position", () => {
  it.each([
    ['a = "open\n', /1:10: newline in a quoted string/],
    ['a = "open', /1:10: newline in a quoted string/], // the final newline is added first
    ["a = <<EOT\nbody\n", /unterminated heredoc/],
    ["a = 1\n}\n", /2:1: unbalanced \}/],
    ["a = {\n", /unclosed brace/],
    ["a = @\n", /1:5: unexpected character "@"/],
    ["/* open", /unterminated \/\* comment/],
  ])("%j", (input, message) => {
    expect(() => formatHcl(input)).toThrow(HclFormatError);
    expect(() => formatHcl(input)).toThrow(message);
  });
});

// ----------------------------------------------------------------------------------------
// Generated documents: blocks, attributes holding emitter values, comments and heredocs,
// rendered canonically-ish, then perturbed in ways the formatter must undo.

interface Line {
  readonly text: string;
  /** Heredoc body and end marker: bytes that must not change. */
  readonly fixed?: boolean;
  /** A heredoc opener: `<<EOT` must be followed directly by the newline. */
  readonly noTrailing?: boolean;
  /** Ends with `{`, `[` or `(`, so a blank line after it is dropped. */
  readonly opens?: boolean;
}

type Item =
  | {
      readonly kind: "attr";
      readonly value: HclValue;
      readonly comment: string | null;
    }
  | { readonly kind: "comment"; readonly text: string }
  | { readonly kind: "blank" }
  | {
      readonly kind: "heredoc";
      readonly dash: boolean;
      readonly body: readonly string[];
    }
  | {
      readonly kind: "block";
      readonly type: string;
      readonly labels: readonly string[];
      readonly body: readonly Item[];
    };

const asciiText = fc.string({
  unit: fc.constantFrom("a", "b", "Z", "0", " ", "-", "_", ".", "#", "=", "{", "}"),
  maxLength: 16,
});

// Keys and strings from a pool whose grapheme segmentation and printability every Unicode
// version agrees on, so the oracle does not depend on Go's and ICU's tables.
const poolUnits = ["a", "Z", " ", "-", "{", "}", "\\", '"', "\n", "\t", "\0", "é", "e\u0301", "中", "😀", "\u00a0"];
const safeString = fc.string({
  unit: fc.constantFrom("$", "%", ...poolUnits),
  maxLength: 12,
});
// terraform fmt drops a block label that contains `$` or `%` (hclwrite's Labels() only
// decodes a label lexed as one literal token, and hclsyntax cuts literals at `$` and `%`).
const labelString = fc.string({
  unit: fc.constantFrom(...poolUnits),
  maxLength: 12,
});
const safeKey = fc.oneof(fc.stringMatching(/^[a-z_][a-z0-9_-]{0,9}$/), safeString);

const { value: safeValue } = fc.letrec<{
  value: HclValue;
  list: HclValue;
  object: HclValue;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    safeString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    tie("list"),
    tie("object"),
  ),
  list: fc.array(tie("value"), { maxLength: 4 }),
  object: fc
    .uniqueArray(fc.tuple(safeKey, tie("value")), {
      selector: ([key]) => key.normalize("NFC"),
      maxLength: 4,
    })
    .map((entries) => new HclObject(entries)),
}));

// A heredoc body line: any text with template introducers escaped, optionally followed by
// an interpolation written with spaces (fmt removes them).
const heredocLine = (withInterpolation: boolean): fc.Arbitrary<string> =>
  fc
    .tuple(safeString, withInterpolation ? fc.boolean() : fc.constant(false))
    .map(([text, interpolate]) => {
      // Function replacers: in a replacement string "$$" would mean a single "$".
      const literal = text
        .replaceAll("\n", "")
        .replaceAll("${", () => "$${")
        .replaceAll("%{", () => "%%{");
      return interpolate ? `${literal}\${ var.x }` : literal;
    })
    .filter((line) => line.trim() !== "EOT");

function itemArb(withInterpolation: boolean): fc.Arbitrary<Item[]> {
  const { body } = fc.letrec<{ item: Item; body: Item[] }>((tie) => ({
    item: fc.oneof(
      { depthSize: "small", maxDepth: 2, withCrossShrink: true },
      fc.record({
        kind: fc.constant("attr" as const),
        value: safeValue,
        comment: fc.option(asciiText),
      }),
      fc.record({ kind: fc.constant("comment" as const), text: asciiText }),
      fc.constant({ kind: "blank" as const }),
      fc.record({
        kind: fc.constant("heredoc" as const),
        dash: fc.boolean(),
        body: fc.array(heredocLine(withInterpolation), { maxLength: 4 }),
      }),
      // hcl2json needs every block of one type to have the same number of labels.
      fc.nat({ max: 2 }).chain((labelCount) =>
        fc.record({
          kind: fc.constant("block" as const),
          type: fc.constant(`b_${labelCount}`),
          labels: fc.array(fc.oneof(labelString, fc.constantFrom("x", "web-1", "a b", "")), {
            minLength: labelCount,
            maxLength: labelCount,
          }),
          body: tie("body"),
        }),
      ),
    ),
    body: fc.array(tie("item"), { maxLength: 6 }),
  }));
  return body;
}

/** Canonical-ish text: two-space indents and ` = `, but no alignment, blank lines as given. */
function renderItems(items: readonly Item[], depth = 0): Line[] {
  const pad = "  ".repeat(depth);
  const out: Line[] = [];
  items.forEach((item, index) => {
    const name = `a_${index}`; // attribute names unique per body, apart from block types
    switch (item.kind) {
      case "attr": {
        const value = renderHclValue(item.value).split("\n");
        value.forEach((text, i) => {
          const comment = i === value.length - 1 && item.comment !== null ? ` # ${item.comment}` : "";
          const opens = comment === "" && /[{[]$/.test(text);
          out.push({
            text: i === 0 ? `${pad}${name} = ${text}${comment}` : `${pad}${text}${comment}`,
            opens,
          });
        });
        break;
      }
      case "comment":
        out.push({ text: `${pad}# ${item.text}` });
        break;
      case "blank":
        out.push({ text: "" });
        break;
      case "heredoc":
        out.push({
          text: `${pad}${name} = <<${item.dash ? "-" : ""}EOT`,
          noTrailing: true,
        });
        for (const text of item.body) out.push({ text: item.dash ? `${pad}  ${text}` : text, fixed: true });
        out.push({ text: item.dash ? `${pad}EOT` : "EOT", fixed: true });
        break;
      case "block":
        out.push({
          text: `${pad}${[item.type, ...item.labels.map(hclString)].join(" ")} {`,
          opens: true,
        });
        out.push(...renderItems(item.body, depth + 1));
        out.push({ text: `${pad}}` });
        break;
    }
  });
  return out;
}

const joinLines = (doc: readonly Line[]): string => doc.map((line) => `${line.text}\n`).join("");

interface Noise {
  readonly indent: number;
  readonly tab: boolean;
  readonly equals: readonly [number, number];
  readonly trailing: number;
  readonly crlf: boolean;
  readonly blanks: number;
}

const noiseArb: fc.Arbitrary<Noise> = fc.record({
  indent: fc.integer({ min: 0, max: 7 }),
  tab: fc.boolean(),
  equals: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
  trailing: fc.integer({ min: 0, max: 2 }),
  crlf: fc.boolean(),
  blanks: fc.integer({ min: 0, max: 2 }),
});

const isCloser = (text: string): boolean => /^[}\])][}\]),]*$/.test(text.trim());

/**
 * Perturbs what the formatter must normalize: indentation (spaces or tabs), the spaces
 * around an attribute's `=`, trailing spaces, CRLF endings, whitespace-only lines where
 * they are dropped anyway (after openers, before closers, next to blank lines, at the
 * start). Heredoc bodies are never touched.
 */
function perturb(doc: readonly Line[], noise: readonly Noise[]): string {
  let out = "";
  doc.forEach((line, i) => {
    const n = noise[i % Math.max(1, noise.length)];
    if (line.fixed === true || n === undefined) {
      out += `${line.text}\n`;
      return;
    }
    const previous = doc[i - 1];
    const blankNearby = line.text === "" || (previous !== undefined && (previous.opens === true || previous.text === ""));
    if (i === 0 || blankNearby || isCloser(line.text)) out += " \n".repeat(n.blanks);
    let text = line.text.trimStart();
    const attribute = /^(a_\d+) = /.exec(text);
    if (attribute?.[1] !== undefined) {
      text = `${attribute[1]}${" ".repeat(n.equals[0])}=${" ".repeat(n.equals[1])}${text.slice(attribute[0].length)}`;
    }
    const indent = n.tab ? "\t".repeat(n.indent % 3) : " ".repeat(n.indent);
    const trailing = line.noTrailing === true ? "" : " ".repeat(n.trailing);
    out += `${text === "" ? "" : indent}${text}${trailing}${n.crlf && line.noTrailing !== true ? "\r\n" : "\n"}`;
  });
  return out;
}

const docArb = (withInterpolation: boolean): fc.Arbitrary<{ doc: Line[]; noisy: string }> =>
  fc.tuple(itemArb(withInterpolation), fc.array(noiseArb, { minLength: 1, maxLength: 8 })).map(([items, noise]) => {
    const doc = renderItems(items);
    return { doc, noisy: perturb(doc, noise) };
  });

describe("formatHcl properties", () => {
  it("is idempotent and undoes whitespace noise (600 generated documents)", () => {
    fc.assert(
      fc.property(docArb(true), ({ doc, noisy }) => {
        const canonical = formatHcl(joinLines(doc));
        expect(formatHcl(canonical)).toBe(canonical);
        expect(formatHcl(noisy)).toBe(canonical);
        // Heredoc bodies keep their bytes; everywhere else no trailing whitespace, LF only.
        if (!doc.some((line) => line.fixed === true)) expect(canonical).not.toMatch(/[ \t\r]\n/);
      }),
      { numRuns: 600 },
    );
  });

  it("never changes what the file means (hcl2json before and after, 40 documents)", async () => {
    await fc.assert(
      fc.asyncProperty(docArb(false), async ({ noisy }) => {
        const before: unknown = await parse("before.tf", noisy);
        const after: unknown = await parse("after.tf", formatHcl(noisy));
        expect(after).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});

// ----------------------------------------------------------------------------------------
// The oracle: the real `tofu fmt` (or `terraform fmt`) must find nothing to change.
// Samples avoid what only terraform's fmt command rewrites beyond hclwrite (an attribute
// that is just "${x}", legacy quoted types, unquoted block labels): see src/format/hcl.ts.

const SAMPLES: ReadonlyArray<readonly [string, string]> = [
  [
    "resource-nested",
    lines(
      'resource "proxmox_virtual_environment_download_file" "image" {',
      "for_each = var.nodes",
      '    content_type = "iso"',
      'datastore_id= "local"',
      "  node_name =each.value.host",
      'url = "https://factory.talos.dev/image/${var.schematic}/${ var.version }/nocloud-amd64.raw.gz"',
      '      decompression_algorithm = "gz"',
      "overwrite = false # never replace",
      "depends_on = [",
      "talos_machine_secrets.this,",
      "  null_resource.x ,",
      "]",
      "",
      "",
      "lifecycle {",
      "",
      "ignore_changes = [ tags ]",
      "}",
      '  dynamic "disk" {',
      "for_each = each.value.disks",
      "content {",
      "interface = disk.value.interface",
      "        size = disk.value.size",
      "}",
      "    }",
      "}",
    ),
  ],
  [
    "variables-and-for",
    lines(
      'variable "nodes" {',
      'description = "Nodes, keyed by name."',
      "type = map(object({",
      "role = string",
      "    address = string",
      "tags = optional(list(string), [])",
      "}))",
      "default = {}",
      "validation {",
      'condition = alltrue([for n in values(var.nodes): contains(["controlplane","worker"], n.role)])',
      'error_message = "role must be controlplane or worker"',
      "}",
      "}",
      "locals {",
      "  # control planes only",
      'control_planes = {for name,n in var.nodes: name=>n if n.role=="controlplane"}',
      "first = sort(keys(local.control_planes))[0]",
      'endpoint = "https://${var.vip}:6443" # the VIP',
      "grouped = {for k, v in var.m : v.role => k...}",
      "cond = (",
      "var.a",
      "? 1",
      ": 2",
      ")",
      "x = -1",
      "y = 2 - -1",
      "z = !var.flag",
      "splat = var.list[*].id",
      "legacy = var.list.*.id",
      "fn = provider::talos::thing(1)",
      "}",
    ),
  ],
  [
    "objects-in-lists-and-templates",
    lines(
      'module "talos" {',
      'source = "./modules/talos"',
      "helm = {",
      "kubernetes = {",
      'config_path = "${path.module}/kubeconfig"',
      "}",
      "}",
      'set = [{ name = "ipam.mode", value = "kubernetes" },{name="k8sServicePort",value="7445"}]',
      "sets = [",
      '  {name = "a", value = "b"},',
      "{",
      'name = "cgroup.autoMount.enabled"',
      'value = "false"',
      "},",
      "]",
      "values = [yamlencode({",
      "a = 1",
      "bb = [1, 2, 3]",
      "})]",
      'json = jsonencode({ "a.b/c" = 1, "x" = [true, false, null] })',
      'tpl = templatefile("${path.module}/x.tftpl", { a = 1, b = "${var.c}x" })',
      'escapes = "$${not} %%{not} \\"q\\" \\\\ \\n \\u00e9"',
      'objinterp = "${ {} }x"',
      'nested = "x${ join(",", [for s in var.l : "${ s }-x"]) }"',
      'directive = "%{ for k, v in var.m ~}${k}=${v}%{ endfor ~}"',
      'idx = var.m["k"].v[0]',
      "arith = 1 + 2 * 3 / 4 % 5",
      "cmp = 1 <= 2 && 3 >= 2 || 4 < 5 && 6 > 5",
      "}",
    ),
  ],
  [
    "heredocs-and-comments",
    lines(
      "/* leading block",
      "   comment */",
      "locals {",
      "patch = <<-EOT",
      "    machine:",
      "      network: ${ var.net }",
      "    %{ if var.x }x: 1%{ endif }",
      "  EOT",
      "after = 1 // trailing",
      "b = 22   # aligned",
      "raw = <<EOT",
      "no indent   ",
      "  $${literal}",
      "EOT",
      "# standalone",
      "/* a",
      "b */ e = 1",
      "f = 2",
      "}",
    ),
  ],
  [
    "providers-and-blocks",
    lines(
      "terraform {",
      'required_version = ">= 1.10"',
      "required_providers {",
      "talos = {",
      'source = "siderolabs/talos"',
      'version = "~> 0.11.0"',
      "}",
      'helm = { source = "hashicorp/helm", version = "~> 3.0" }',
      "}",
      'backend "s3" {',
      'bucket = "state"',
      "use_lockfile = true",
      'endpoints = { s3 = "https://s3.example.com" }',
      "use_path_style = true",
      "skip_credentials_validation = true",
      "}",
      "}",
      'output "x" { value = local.first }',
      'output "y" {',
      "value = local.first",
      "sensitive = true",
      "}",
      'resource "a" "b" {}',
    ),
  ],
  ["unicode-keys", lines("x = {", '"\u1ab0" = 1', "abcd = 2", '"$\u0301" = 3', '"e\u0301x" = 4', '"中文" = 5', '"😀" = 6', "}")],
];

/** The OpenTofu `npm run tools` built (test/setup-tools.ts names it), else tofu or terraform on PATH. */
function findFmtBinary(): string | undefined {
  const built = process.env["TALOS_HCLGEN_TOFU"];
  if (built !== undefined && built !== "") return built;
  for (const name of ["tofu", "terraform"]) {
    for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
      if (dir === "") continue;
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not in this directory
      }
    }
  }
  return undefined;
}

const fmtBinary = findFmtBinary();
const tool = fmtBinary === undefined ? "tofu/terraform" : basename(fmtBinary);
// An empty CLI config keeps the binary from warning about a missing ~/.terraformrc.
const fmtEnv = { TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" };
// Under CI the oracle never skips: without a binary it fails (test/ci.ts).
const oracle = fmtBinary === undefined && !toolsRequired ? it.skip : it;
if (fmtBinary === undefined)
  console.warn(`${toolsRequired ? "FAILING" : "SKIPPED"} fmt oracle: no tofu (npm run tools) and neither tofu nor terraform on PATH`);

describe(`${tool} fmt oracle`, () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), "hclgen-fmt-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const generated = fc.sample(docArb(true), { numRuns: 60, seed: 20260801 });
  const inputs: ReadonlyArray<readonly [string, string]> = [
    ...SAMPLES,
    ...generated.map(({ noisy }, i) => [`generated-${i}`, noisy] as const),
    // Block labels: fmt re-encodes them with hclwrite's escaper, so this checks hclString.
    [
      "labels",
      fc
        .sample(labelString, { numRuns: 200, seed: 7 })
        .map((label) => `label ${hclString(label)} {\n}\n`)
        .join(""),
    ],
    [
      "values",
      fc
        .sample(safeValue, { numRuns: 200, seed: 11 })
        .map((v, i) => `v${i} = ${renderHclValue(v)}\n`)
        .join(""),
    ],
    ["emitter-object", `x = ${renderHclValue(obj({ a: 1, "app.kubernetes.io/name": "x", list: ["a", "b"], o: obj({}) }))}\n`],
  ];

  oracle(
    fmtBinary === undefined ? "SKIPPED: neither tofu nor terraform is on PATH" : `${inputs.length} formatted files: fmt -check -diff reports nothing`,
    async () => {
      const dir = tempDir();
      for (const [name, text] of inputs) writeFileSync(join(dir, `${name}.tf`), formatHcl(text));
      const result = await execa(fmtBinary ?? "tofu", ["fmt", "-check", "-diff", "-no-color", dir], {
        reject: false,
        env: fmtEnv,
      });
      expect(result.stdout, result.stderr).toBe("");
      expect(result.exitCode, result.stderr).toBe(0);
    },
  );

  oracle(
    fmtBinary === undefined ? "SKIPPED: neither tofu nor terraform is on PATH" : `agrees with fmt on the unformatted inputs (up to our blank-line rules)`,
    async () => {
      const dir = tempDir();
      for (const [name, text] of inputs) writeFileSync(join(dir, `${name}.tf`), text);
      const result = await execa(fmtBinary ?? "tofu", ["fmt", "-list=false", "-no-color", dir], {
        reject: false,
        env: fmtEnv,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      for (const [name, text] of inputs) {
        const byTool = readFileSync(join(dir, `${name}.tf`), "utf8");
        expect(formatHcl(byTool), name).toBe(formatHcl(text));
      }
    },
  );
});

describe("formatted samples still parse", () => {
  // Value equality is checked on generated documents above; here expressions are not
  // literals, and hcl2json prints their source text, which formatting rightly changes.
  it.each(SAMPLES.map(([name, text]) => [name, text] as const))("%s", async (_name, text) => {
    await expect(parse("after.tf", formatHcl(text))).resolves.toBeTypeOf("object");
  });
});

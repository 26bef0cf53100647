/**
 * Malformed specs too big, too binary or too encoding-specific to keep as files in
 * corpus/: each is built here, deterministically, and checked like the file cases (its
 * expected diagnostics are in corpus/<name>.expected.txt).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./slots.js";

/** A valid one-node spec (fixtures/single-node) to break. */
export const VALID = readFileSync(join(ROOT, "fixtures", "single-node", "spec.yaml"), "utf8");

const utf8 = (text: string): Buffer => Buffer.from(text, "utf8");

/** Deterministic bytes (a 32-bit LCG), so "random garbage" is the same on every run. */
function garbage(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`corpus generator: ${JSON.stringify(from)} not in the base spec`);
  return text.replace(from, to);
}

function withBytes(text: string, marker: string, bytes: readonly number[]): Buffer {
  const [before, after] = text.split(marker) as [string, string];
  return Buffer.concat([utf8(before), Buffer.from(bytes), utf8(after)]);
}

function billionLaughs(): string {
  const lines = [`a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]`];
  for (let i = 1; i < 10; i++) {
    const name = String.fromCharCode(97 + i);
    const previous = String.fromCharCode(96 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
  }
  return `${lines.join("\n")}\n`;
}

function deepMaps(levels: number): string {
  let out = "";
  for (let i = 0; i < levels; i++) out += `${" ".repeat(i)}k${i}:\n`;
  return `${out}${" ".repeat(levels)}leaf: 1\n`;
}

/** A valid spec padded past `bytes` with sysctl keys in a patch: big, but every line legal. */
function bigSpec(bytes: number): string {
  const lines = [VALID.trimEnd(), "  patches:", "    common:", "      - machine:", "          sysctls:"];
  let size = VALID.length;
  for (let i = 0; size < bytes; i++) {
    const line = `            net.k${String(i).padStart(8, "0")}: "${"v".repeat(48)}"`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

/** More nodes than a Kubernetes cluster may have (5000), in well under the size limit. */
function manyNodes(count: number): string {
  let text = replaceOnce(
    replaceOnce(VALID, "    cidr: 192.168.10.0/24", "    cidr: 192.168.0.0/16"),
    "      address: 192.168.10.11/24",
    "      address: 192.168.10.11/16",
  );
  for (let n = 0; n < count; n++) text += `    - { name: w${n}, role: worker, address: 192.168.${20 + Math.floor(n / 250)}.${1 + (n % 250)}/16 }\n`;
  return text;
}

/**
 * One long invalid value behind 40 aliases: each alias is reported where it is written, quoting
 * the start of the value and its length (before: 36 MB of diagnostics; 99 aliases made 180 MB in 50 s).
 */
function aliasedLongValue(): string {
  return replaceOnce(
    VALID,
    "  nodes:",
    `  talos:\n    schematic:\n      extensions: [&bad "${"x".repeat(900_000)}", ${Array(40).fill("*bad").join(", ")}]\n  nodes:`,
  );
}

/**
 * A node with 40 unknown fields, repeated by 90 aliases: one diagnostic per field, with a note
 * of the other paths (before: 3,600 diagnostics and 1.4 MB; 400 fields made 14 MB in 38 s).
 */
function aliasedNodeErrors(): string {
  const fields = Array.from({ length: 40 }, (_, i) => `bad${i}: ${i}`).join(", ");
  const aliases = Array(90).fill("    - *node").join("\n");
  return replaceOnce(
    VALID,
    "    - name: cp-1\n      role: controlplane\n      address: 192.168.10.11/24\n",
    `    - &node { name: cp-1, role: controlplane, address: 192.168.10.11/24, ${fields} }\n${aliases}\n`,
  );
}

const WITH_ERROR = replaceOnce(VALID, "      role: controlplane", "      role: controlplan");

export const GENERATED: Readonly<Record<string, () => Buffer>> = {
  "gen-billion-laughs": () => utf8(billionLaughs()),
  "gen-alias-wide": () => utf8(`${VALID}  x: &big [${Array(20_000).fill("1").join(", ")}]\n  y: [${Array(99).fill("*big").join(", ")}]\n`),
  "gen-alias-long-invalid-value": () => utf8(aliasedLongValue()),
  "gen-alias-node-errors": () => utf8(aliasedNodeErrors()),
  "gen-deep-flow-10000": () => utf8(`${VALID}  x: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`),
  "gen-deep-flow-map-10000": () => utf8(`${VALID}  x: ${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}\n`),
  "gen-deep-seq-10000": () => utf8(`${"- ".repeat(10_000)}x\n`),
  "gen-deep-maps-1000": () => utf8(deepMaps(1000)),
  "gen-10mb": () => utf8(bigSpec(10 * 1024 * 1024)),
  "gen-just-over-1mib": () => utf8(VALID + `#${"x".repeat(98)}\n`.repeat(Math.floor((1024 * 1024 - VALID.length) / 100) + 1)),
  "gen-5001-nodes": () => utf8(manyNodes(5001)),
  "gen-binary-garbage": () => garbage(64 * 1024, 1),
  "gen-png": () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), garbage(4096, 2)]),
  "gen-gzip": () => Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), garbage(4096, 3)]),
  "gen-invalid-utf8-name": () => withBytes(VALID, "cp-1", [0x63, 0x70, 0xff, 0x31]),
  "gen-latin1-comment": () => withBytes(`# caf@ spec\n${VALID}`, "@", [0xe9]),
  "gen-overlong-utf8": () => withBytes(VALID, "lab\n", [0x6c, 0xc0, 0xaf, 0x0a]),
  "gen-utf8-surrogate": () => withBytes(VALID, "lab\n", [0x6c, 0xed, 0xa0, 0x80, 0x0a]),
  "gen-truncated-utf8": () => Buffer.concat([utf8(VALID), Buffer.from([0x23, 0xe2, 0x82])]),
  "gen-utf16le-bom": () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID, "utf16le")]),
  "gen-utf16be-bom": () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(VALID, "utf16le").swap16()]),
  "gen-nul-in-comment": () => utf8(`# a NUL \u0000 here\n${VALID}`),
  "gen-nul-at-eof": () => utf8(`${VALID}\u0000`),
  "gen-escape-in-value": () => utf8(replaceOnce(VALID, "name: lab", "name: la\u001b[31mb")),
  "gen-c1-control": () => utf8(replaceOnce(VALID, "name: lab", "name: la\u0090b")),
  "gen-bom-then-error": () => utf8(`\ufeff${WITH_ERROR}`),
  "gen-crlf-then-error": () => utf8(WITH_ERROR.replaceAll("\n", "\r\n")),
  "gen-crlf-tab-indent": () => utf8(replaceOnce(VALID, "      role: controlplane", "\t  role: controlplane").replaceAll("\n", "\r\n")),
  "gen-cr-only": () => utf8(VALID.replaceAll("\n", "\r")),
  "gen-bom-mid-file": () => utf8(replaceOnce(WITH_ERROR, "  network:", "\ufeff  network:")),
};

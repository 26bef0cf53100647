/**
 * No diagnostic prints a secret, through the real binary, in every output: plain lines (CI,
 * pipes), --json, the code frame that FORCE_COLOR asks for, and the one a terminal gets (run
 * under `script`, which gives the binary a pseudo-terminal). Each case is a spec that the old
 * binary answered with the secret in its output (spec/flux-auth-mismatch, cilium-value-conflict
 * and schema/unknown-field quoted it; the code frame showed `password: hunter2`) or let through
 * (a PGP private key, an AWS secret key under a neutral key, a base64 PEM inside a longer
 * string, a list under `passwords:`).
 *
 * Also through the binary: the spec is read with a bounded reader (/dev/zero, a FIFO and a
 * large sparse file stop at the limit with yaml/too-large), and unquoted numbers that change
 * when read (0777, 30 digits) are warnings at their position with the hint to quote them.
 */
import { execa } from "execa";
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, runBin, type RunResult } from "../cli/harness.js";
import { ROOT } from "./slots.js";

const VALID = readFileSync(join(ROOT, "fixtures", "single-node", "spec.yaml"), "utf8");
const BIN = join(ROOT, "bin", "talos-hclgen.js");

const pemBlock = (label: string, body: string): string => `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
const indent = (text: string, spaces: number): string =>
  text
    .split("\n")
    .map((line) => (line === "" ? line : `${" ".repeat(spaces)}${line}`))
    .join("\n");

/** A patch on the one node, holding `yaml` (a Talos machine config fragment). */
const withPatch = (yaml: string): string => `${VALID}      patches:\n        - machine:\n${indent(yaml, 12)}\n`;

interface Case {
  name: string;
  spec: string;
  /** What must never appear in any output. */
  secret: string;
  /** The path of the spec/secret-in-spec error, as the plain line prints it. */
  at: string;
}

const PGP_BODY = "lQOYBGVkZXYBCADLpc9S0k7yY3JldA==";
const PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";
const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const GITHUB_TOKEN = "ghp_1A2b3C4d5E6f7G8h9I0j1K2l3M4n5O6p7Q8r";

const CASES: Case[] = [
  {
    name: "a URL with a password, which spec/flux-auth-mismatch quoted",
    spec: `${VALID}  gitops:\n    flux:\n      repository: https://bob:hunter2@git.example.com/fleet.git\n`,
    secret: "hunter2",
    at: "gitops.flux.repository has a password in the URL",
  },
  {
    name: "a URL with a password as a Cilium value, which spec/cilium-value-conflict quoted",
    spec: `${VALID}  cni:\n    cilium:\n      values:\n        ipam: { mode: "https://bob:hunter2@pool.example.com/" }\n`,
    secret: "hunter2",
    at: "cni.cilium.values.ipam.mode has a password in the URL",
  },
  {
    name: "a token as a key, which schema/unknown-field quoted",
    spec: `${VALID}  ${GITHUB_TOKEN}: true\n`,
    secret: GITHUB_TOKEN,
    at: "spec has a key that holds what looks like a GitHub token",
  },
  {
    name: "a password by its key, which the code frame showed",
    spec: withPatch("install:\n  password: hunter2x9"),
    secret: "hunter2x9",
    at: "nodes[0].patches[0].machine.install.password looks like a credential",
  },
  {
    name: "a list under a passwords key",
    spec: withPatch("passwords: [hunter2x9, swordfish7]"),
    secret: "swordfish7",
    at: "nodes[0].patches[0].machine.passwords looks like a credential",
  },
  {
    name: "an OpenPGP private key block",
    spec: withPatch(`files:\n  - content: |\n${indent(pemBlock("PGP PRIVATE KEY BLOCK", PGP_BODY), 6)}    path: /var/key.asc\n    op: create`),
    secret: PGP_BODY,
    at: "nodes[0].patches[0].machine.files[0].content holds a private key",
  },
  {
    name: "an AWS secret access key under a neutral key name",
    spec: withPatch(`env:\n  VALUE: ${AWS_SECRET}`),
    secret: AWS_SECRET,
    at: "nodes[0].patches[0].machine.env.VALUE holds what looks like an AWS secret access key",
  },
  {
    name: "a base64 PEM inside a longer string",
    spec: withPatch(`env:\n  BUNDLE: "key=${Buffer.from(`# ca\n${pemBlock("RSA PRIVATE KEY", PEM_BODY)}`).toString("base64")} end"`),
    secret: Buffer.from(`# ca\n${pemBlock("RSA PRIVATE KEY", PEM_BODY)}`).toString("base64"),
    at: "nodes[0].patches[0].machine.env.BUNDLE holds a private key",
  },
];

let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "talos-hclgen-secrets-"));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The binary on a pseudo-terminal: util-linux `script` (bsdutils, essential on Debian). */
const SCRIPT = ["/usr/bin/script", "/bin/script"].find(existsSync);

async function onTerminal(args: readonly string[], cwd: string): Promise<RunResult> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const result = await execa(SCRIPT ?? "script", ["-qec", command, "/dev/null"], {
    cwd,
    env: { PATH: process.env["PATH"] ?? "", HOME: cwd, TERM: "xterm-256color", TALOS_HCLGEN_CACHE_DIR: join(cwd, ".cache") },
    extendEnv: false,
    reject: false,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe("no output of the binary prints a secret the scan flags", () => {
  it.each(CASES)("$name", async ({ name, spec, secret, at }) => {
    const file = `${name.replace(/[^a-z0-9]+/gi, "-")}.yaml`;
    writeFileSync(join(dir, file), spec);
    const args = ["build", file, "-o", "out"];
    const plain = await runBin(args, { cwd: dir });
    expect(plain.exitCode, plain.stderr).toBe(2);
    expect(plain.stderr).toContain(`error[spec/secret-in-spec]: ${at}`);
    // Nothing else about the same value: the rules that quoted it are not run on it.
    expect(plain.stderr.split("\n").filter((l) => /: error\[/.test(l))).toHaveLength(1);

    const json = await runBin([...args, "--json"], { cwd: dir });
    const report = JSON.parse(json.stdout) as { diagnostics: Array<{ code: string }> };
    expect(report.diagnostics.map((d) => d.code)).toEqual(["spec/secret-in-spec"]);

    const forced = await runBin(args, { cwd: dir, env: { FORCE_COLOR: "1" } });
    expect(forced.stderr, "FORCE_COLOR draws a code frame").toMatch(/\u001b\[34m\|\u001b\[39m/);

    const outputs: Array<[string, string]> = [
      ["plain", plain.stdout + plain.stderr],
      ["--json", json.stdout + json.stderr],
      ["FORCE_COLOR", forced.stdout + forced.stderr],
    ];
    if (SCRIPT !== undefined) {
      const tty = await onTerminal(args, dir);
      expect(tty.stdout, "a terminal gets the code frame").toContain("-->");
      outputs.push(["terminal", tty.stdout + tty.stderr]);
    }
    for (const [how, output] of outputs) expect(output, how).not.toContain(secret);
  });

  it("hides the value in the code frame, and keeps the caret under its key", async () => {
    writeFileSync(join(dir, "frame.yaml"), withPatch("install:\n  password: hunter2x9"));
    const forced = await runBin(["build", "frame.yaml", "-o", "out"], { cwd: dir, env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
    const frame = forced.stderr.split("\n").slice(1, 5).join("\n");
    expect(frame).toBe(
      [
        "  --> frame.yaml:27:15",
        "   |",
        "27 |               password: <redacted>",
        "   |               ^^^^^^^^ secrets never live in the spec: Talos machine secrets come from talos_machine_secrets and stay in the encrypted state",
      ].join("\n"),
    );
  });
});

describe("unquoted numbers that change when read", () => {
  it("warn at the number with the hint to quote it, and the build goes on", async () => {
    writeFileSync(join(dir, "numbers.yaml"), withPatch("sysctls:\n  mode: 0777\n  big: 123456789012345678901234567890"));
    const result = await runBin(["build", "numbers.yaml", "-o", "numbers-out"], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      [
        "numbers.yaml:27:21: warning[yaml/leading-zero]: this unquoted number has a leading zero: YAML 1.2 reads it as a decimal number, YAML 1.1 readers (Go, Kubernetes) as an octal one",
        "  hint: quote it to keep the digits as a string, write 0o… for an octal number, or drop the leading zero for a decimal one",
        "numbers.yaml:28:20: warning[yaml/imprecise-integer]: this unquoted integer is too large to be read exactly: it reaches the tree rounded to about 16 digits",
        "  hint: quote it to keep every digit",
        "2 warnings",
        "",
      ].join("\n"),
    );
  });
});

describe("the spec is read no further than the size limit", () => {
  const tooLarge = (file: string, size: string): string =>
    `${file}:1:1: error[yaml/too-large]: the spec is ${size}; a spec may be at most 1.0 MiB\n  hint: a cluster spec is a few KiB: keep large Helm values or manifests in their own files\n1 error\nnothing was written\n`;

  it("/dev/zero, which never ends", async () => {
    const result = await runBin(["build", "/dev/zero", "-o", "out"], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(tooLarge(relative(dir, "/dev/zero"), "more than 1.0 MiB"));
  });

  it("a FIFO with more than the limit behind it", async () => {
    const fifo = join(dir, "pipe.yaml");
    await execa("mkfifo", [fifo]);
    // The writer is stopped when the reader closes the pipe (EPIPE), as `yes | head` would be.
    const writer = execa(
      process.execPath,
      [
        "-e",
        `const fs = require("fs"); const fd = fs.openSync(${JSON.stringify(fifo)}, "w"); const b = Buffer.alloc(65536, 35); try { for (let i = 0; i < 64; i++) fs.writeSync(fd, b); } catch {}`,
      ],
      { reject: false },
    );
    const result = await runBin(["build", "pipe.yaml", "-o", "out"], { cwd: dir });
    await writer;
    expect(result.stderr).toBe(tooLarge("pipe.yaml", "more than 1.0 MiB"));
  });

  it("a sparse file of 4 GiB, by its size, without reading it", async () => {
    const big = join(dir, "big.yaml");
    writeFileSync(big, "");
    truncateSync(big, 4 * 1024 * 1024 * 1024);
    const result = await runBin(["build", "big.yaml", "-o", "out"], { cwd: dir });
    expect(result.stderr).toBe(tooLarge("big.yaml", "4096.0 MiB"));
  });
});

/**
 * Secrets never pass through the spec into the tree, and the tree treats the ones it handles
 * as secrets.
 *
 * - A credential anywhere in a spec, by its key (`apiToken:`, `client_secret:`) or by its
 *   shape (a Proxmox API token, an hcloud token, a PEM private key, an AWS access key id, a
 *   GitHub token, a URL with a password), at any depth of patches, Helm values or labels, is
 *   refused with spec/secret-in-spec at that place and a hint to use the environment or a
 *   sensitive variable; and no diagnostic repeats the secret (CI logs are not secret).
 * - Things that only resemble credentials (digests, schematic ids, UUIDs, public
 *   certificates, Secret names) are not refused.
 * - In every golden tree, every variable and output that carries a secret is sensitive, and
 *   no credential variable has a default.
 * - No golden file holds a plaintext credential.
 */
import { parse } from "@cdktf/hcl2json";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { SPEC_PATH, specText } from "./injection.js";
import { casesPerFile } from "./property.js";
import { inject, loadBase, ROOT, type Slot } from "./slots.js";

const pem = (kind: string) => `-----BEGIN ${kind}PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END ${kind}PRIVATE KEY-----\n`;

/** Credentials by shape, as users paste them. */
const SECRETS = {
  proxmoxToken: "terraform@pve!provider=9f3c1e2a-5b7d-4c8e-a1f0-123456789abc",
  proxmoxHeader: "PVEAPIToken=root@pam!tofu=0b3f9a1c-2d4e-4f60-8a1b-c2d3e4f5a6b7",
  hcloudToken: "kB3nD8qR2vX7mP4sT9wY1zC6fH5jL0aE3gK8uN2bV7xQ4rM9tW6yS1dF5hJ0pZ3c",
  pemRsa: pem("RSA "),
  pemOpenssh: pem("OPENSSH "),
  pemPlain: pem(""),
  pemBase64: Buffer.from(pem("EC ")).toString("base64"),
  awsKey: "AKIAIOSFODNN7EXAMPLE",
  awsTempKey: "ASIAY34FZKBOKMUTVV7A",
  awsInText: "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
  githubToken: "ghp_1A2b3C4d5E6f7G8h9I0j1K2l3M4n5O6p7Q8r",
  githubFineGrained: "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
  urlPassword: "https://admin:hunter2@registry.example.com/v2",
} as const;

/** Looks like a credential to a careless scanner, and is not one. */
const NOT_SECRETS = [
  "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
  "376567988ad370138ad8b2698212367b8edcb69b5fd68c80be1f2ec7d603b4ba", // a schematic id
  "9f3c1e2a-5b7d-4c8e-a1f0-123456789abc",
  "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJ", // a certificate (public), base64
  "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
  "hubble-server-certs",
  "AKIA", // too short
  "https://registry.example.com:5000/v2",
  "ghp_short",
];

/** Free-form places at several depths: patches (common, node), Helm values (nested, lists). */
const FREE_FORM = ["zqpv0x", "zqpv2x", "zqpv4x", "zqpv5x", "zqcv0x", "zqcv2x", "zqav1x", "zqav2x"];

function secretCase(
  base: string,
  marker: string,
  value: string,
): {
  errors: string[];
  texts: string[];
  path: unknown[] | undefined;
  files: number;
} {
  const loaded = loadBase(base);
  const slot = loaded.slots.find((s) => s.marker === marker) as Slot;
  const { spec } = inject(loaded, [{ slot, value }]);
  const result = compile(specText(spec), { specPath: SPEC_PATH });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  return {
    errors: errors.map((d) => d.code),
    texts: result.diagnostics.map((d) => `${d.message}\n${d.hint ?? ""}`),
    path: errors.find((d) => d.code === "spec/secret-in-spec")?.path as unknown[] | undefined,
    files: result.files.length,
  };
}

describe("credentials in a spec are refused, wherever they are", () => {
  it.each(Object.entries(SECRETS))("%s, in every free-form place", (_name, secret) => {
    for (const marker of FREE_FORM) {
      const loaded = loadBase("proxmox");
      const slot = loaded.slots.find((s) => s.marker === marker) as Slot;
      const outcome = secretCase("proxmox", marker, secret);
      expect(outcome.errors, marker).toContain("spec/secret-in-spec");
      expect(outcome.files).toBe(0);
      expect(outcome.path, marker).toEqual(slot.occurrences[0]?.path);
      for (const text of outcome.texts) expect(text, "a diagnostic repeats the secret").not.toContain(secret.trim());
    }
  });

  it("in a label, an Argo CD value and a patterned field (whose pattern error would quote it)", () => {
    const places: Array<[string, string, string]> = [
      ["proxmox", "zqlv0x", SECRETS.awsKey],
      ["proxmox", "zqlv3x", SECRETS.githubToken],
      ["metal", "zqgav1x", SECRETS.pemOpenssh],
      ["metal", "zqgav0x", SECRETS.hcloudToken],
      ["proxmox", "zqmetax", SECRETS.hcloudToken],
      ["proxmox", "zqkmsx", SECRETS.proxmoxHeader],
      ["tofu", "zqtkeyx.tfstate", SECRETS.awsInText],
    ];
    for (const [base, marker, secret] of places) {
      const outcome = secretCase(base, marker, secret);
      expect(outcome.errors, `${base} ${marker}`).toEqual(["spec/secret-in-spec"]);
      for (const text of outcome.texts) expect(text).not.toContain(secret);
    }
  });

  it("by key, at any depth of a patch or Helm values, whatever the spelling", () => {
    const keys = [
      "password",
      "apiToken",
      "api_token",
      "client-secret",
      "AWS_SECRET_ACCESS_KEY",
      "privateKey",
      "bootstrapToken",
      "secretboxEncryptionSecret",
      "Token",
    ];
    const keySlots = ["zqpk0x", "zqpk2x", "zqpk4x", "zqck1x", "zqak1x", "zqak2x"];
    const loaded = loadBase("proxmox");
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom(...keySlots), (key, marker) => {
        const slot = loaded.slots.find((s) => s.marker === marker) as Slot;
        const { spec } = inject(loaded, [{ slot, value: key }]);
        const result = compile(specText(spec), { specPath: SPEC_PATH });
        const secret = result.diagnostics.find((d) => d.code === "spec/secret-in-spec");
        expect(secret?.path).toEqual([...(slot.occurrences[0]?.path.slice(0, -1) ?? []), key]);
        expect(secret?.hint).toMatch(/environment|sensitive variable|talos_machine_secrets|out of band/);
        expect(result.files).toEqual([]);
      }),
      { numRuns: Math.min(200, casesPerFile(54)) },
    );
  });

  it("embedded in any text, in any free-form place (property)", () => {
    const loaded = loadBase("proxmox");
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(SECRETS).filter((s) => !s.startsWith("-----") && !s.startsWith("LS0t") && !s.startsWith("https://"))),
        fc.constantFrom(...FREE_FORM),
        fc.constantFrom("", "token: ", "Bearer ", "x=", "[", '"', "\n"),
        fc.constantFrom("", " ", "\n", ";", '"', ","),
        (secret, marker, before, after) => {
          const slot = loaded.slots.find((s) => s.marker === marker) as Slot;
          const { spec } = inject(loaded, [{ slot, value: `${before}${secret}${after}` }]);
          const result = compile(specText(spec), { specPath: SPEC_PATH });
          expect(result.diagnostics.map((d) => d.code)).toContain("spec/secret-in-spec");
          expect(result.files).toEqual([]);
        },
      ),
      { numRuns: Math.min(300, casesPerFile(100)) },
    );
  });

  it.each(NOT_SECRETS)("does not refuse %j", (value) => {
    for (const marker of ["zqpv0x", "zqcv2x"]) expect(secretCase("proxmox", marker, value).errors, marker).toEqual([]);
  });

  it("does not refuse an image pinned by digest", () => {
    const digest = `zqtrunnerx.example/tf-runner:v1@${NOT_SECRETS[0]}`;
    expect(secretCase("tofu", "zqtrunnerx.example/tf-runner:v1", digest).errors).toEqual([]);
  });
});

// --- golden trees -------------------------------------------------------------------------------

const SECRET_NAME = /token|secret|password|private_key|kubeconfig|talosconfig|machine_secrets|client_configuration/;
const CREDENTIAL_VARIABLE = /token|secret|password|private_key/;
const PATH_VARIABLE = /_file$/;
const goldenTf = fg.sync("golden/*/**/*.tf", { cwd: ROOT }).sort();

interface Block {
  sensitive?: boolean;
  default?: unknown;
}

describe("golden trees treat secrets as secrets", () => {
  it("has golden trees to check", () => {
    expect(goldenTf.length).toBeGreaterThan(100);
  });

  it("marks every secret-carrying variable and output sensitive; credential variables have no default", async () => {
    const problems: string[] = [];
    let checked = 0;
    // One hcl2json call for all files (each wrapped in its own block, see hcl-batch.ts).
    const text = goldenTf.map((path, i) => `file "${i}" {\n${readFileSync(join(ROOT, path), "utf8")}\n}\n`).join("");
    const json = (await parse("golden.tf", text)) as {
      file: Record<string, Array<Record<string, Record<string, Block[]>>>>;
    };
    goldenTf.forEach((path, i) => {
      const body = json.file[String(i)]?.[0] ?? {};
      for (const kind of ["variable", "output"] as const) {
        for (const [name, blocks] of Object.entries(body[kind] ?? {})) {
          if (!SECRET_NAME.test(name)) continue;
          // The path of a secrets file (talos_secrets_file) is not the secret: an import id,
          // which OpenTofu refuses when sensitive (internal/tofu/eval_import.go).
          if (kind === "variable" && PATH_VARIABLE.test(name)) continue;
          checked++;
          const block = blocks[0] ?? {};
          if (block.sensitive !== true) problems.push(`${path}: ${kind} "${name}" is not sensitive`);
          if (kind === "variable" && CREDENTIAL_VARIABLE.test(name) && block.default !== undefined && block.default !== null) {
            problems.push(`${path}: variable "${name}" has a default value`);
          }
        }
      }
    });
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

/** Plaintext credentials, by shape; the manifest's sha256 hashes are the only long hex expected. */
const PLAINTEXT: ReadonlyArray<[string, RegExp]> = [
  ["a PEM private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ["a base64 PEM block", /LS0tLS1CRUdJTi/],
  ["an AWS access key id", /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/],
  ["a Proxmox API token", /[\w.-]+@[\w.-]+![\w.-]+=[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}/i],
  ["a GitHub token", /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/],
  ["a password in a URL", /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i],
  [
    "a long random string",
    /(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*[0-9])(?=[A-Za-z0-9+/_-]*[a-z])(?=[A-Za-z0-9+/_-]*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/_-])/,
  ],
  ["a long hex string", /(?<![0-9a-fA-F])[0-9a-f]{40,}(?![0-9a-fA-F])/],
];

/**
 * A WireGuard peer's public key is random by nature and public by design (the peer hands it
 * out; the spec's `publicKey`), so its line is not scanned.
 */
const PUBLIC_KEY_LINE = /^\s*publicKey\s*[=:]\s*"[A-Za-z0-9+/]{43}="\s*$/;

describe("golden trees hold no plaintext credentials", () => {
  const files = fg.sync("golden/**/*", { cwd: ROOT, dot: true }).sort();

  it("scans every golden file", () => {
    expect(files.length).toBeGreaterThan(500);
  });

  it("finds no credential-shaped text outside the manifest's hashes", () => {
    const found: string[] = [];
    for (const path of files) {
      const text = readFileSync(join(ROOT, path), "utf8");
      for (const [what, pattern] of PLAINTEXT) {
        // .talos-hclgen.json holds sha256 hashes by design (the writer's ownership record).
        if (what === "a long hex string" && path.endsWith(".talos-hclgen.json")) continue;
        const match = pattern.exec(
          text
            .split("\n")
            .filter((line) => !PUBLIC_KEY_LINE.test(line))
            .join("\n"),
        );
        if (match) found.push(`${path}: ${what}: ${match[0].slice(0, 24)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  it("would find one (the scan can fail)", () => {
    const leaked = `key = "${SECRETS.awsKey}"\nx = "${SECRETS.hcloudToken}"\n${SECRETS.pemRsa}`;
    const hits = PLAINTEXT.filter(([, pattern]) => pattern.test(leaked)).map(([what]) => what);
    expect(hits).toEqual(expect.arrayContaining(["a PEM private key", "an AWS access key id", "a long random string"]));
  });
});

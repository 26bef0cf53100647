/**
 * spec/patch-field-conflict's disk-encryption half: machine.systemDiskEncryption in a raw patch
 * is refused only where it reaches a node whose settings encrypt that volume (the tree then
 * gives the node a VolumeConfig with encryption, and Talos refuses both; the real tier checks
 * Talos's refusal). fixtures/metal-secureboot encrypts STATE on its control planes only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/index.js";
import { ROOT } from "./golden-corpus.js";

const base = readFileSync(join(ROOT, "fixtures", "metal-secureboot", "spec.yaml"), "utf8").trimEnd();
const withPatches = (layer: string): string =>
  `${base}
  patches:
    ${layer}:
      - machine:
          systemDiskEncryption:
            state: { provider: luks2, keys: [{ slot: 0, tpm: {} }] }
            ephemeral: { provider: luks2, keys: [{ slot: 0, tpm: {} }] }
`;
const diagnostics = (layer: string): string[] =>
  compile(withPatches(layer), { specPath: "spec.yaml" }).diagnostics.map((d) => `${d.code} ${d.span?.pos.line}:${d.span?.pos.col}: ${d.message}`);

describe("machine.systemDiskEncryption in a raw patch", () => {
  it("is refused for STATE where it reaches the control planes that encrypt it, and EPHEMERAL, which no node encrypts, is left alone", () => {
    const expected = [
      "spec/patch-field-conflict 38:13: .machine.systemDiskEncryption.state in a v1alpha1 patch: the tree encrypts STATE on cp-1 with a VolumeConfig document (from volumes.state.encryption), and Talos refuses a configuration with both",
    ];
    expect(diagnostics("common")).toEqual(expected);
    expect(diagnostics("controlplane")).toEqual(expected);
  });

  it("is left alone where it reaches only workers, whose STATE the tree does not encrypt", () => {
    expect(diagnostics("worker")).toEqual([]);
  });
});

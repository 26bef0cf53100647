import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../../index.js";
import { checkSpec } from "../../spec/index.js";
import { specSourceMap } from "./spec-source-map.js";
import { PLATFORMS } from "../../platforms/index.js";

const specPath = "fixtures/ha-proxmox/spec.yaml";
const text = readFileSync(specPath, "utf8");
const files = compile(text, { specPath }).files;
const checked = checkSpec(text, specPath, PLATFORMS);
const names = checked.spec?.spec.nodes.map((n) => n.name) ?? [];
const map = specSourceMap(files, "infra/", names, checked.locate);
const main = files.find((f) => f.path === "main.tf")?.contents.split("\n") ?? [];
const lineOf = (pattern: RegExp, after = 0) => main.findIndex((l, i) => i >= after && pattern.test(l)) + 1;

describe("specSourceMap", () => {
  it("maps a line of a node's entry to that node in the spec", () => {
    const line = lineOf(/cpu\s+=/, lineOf(/^ {4}cp-2 = \{/));
    expect(map("infra/main.tf", line)?.pos.line).toBe(text.split("\n").findIndex((l) => l.includes("name: cp-2")) + 1);
  });

  it("maps a module call's line to the spec section it renders", () => {
    const line = lineOf(/talos_contract/);
    expect(map("infra/main.tf", line)).toEqual(checked.locate(["spec", "nodes"]));
  });

  it("maps nothing inside the child modules, which are the compiler's templates", () => {
    expect(map("infra/modules/talos-cluster/main.tf", 10)).toBeUndefined();
  });
});

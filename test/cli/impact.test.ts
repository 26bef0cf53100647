/**
 * What `build` says a spec edit does to running machines, through the real binary: the tree's
 * machines.lock.json keeps placements, the next build reports creations, reboots and
 * replacements, and refuses to replace a control plane unless --allow-replace.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { editSpec, ensureBuilt, runBin, workspace } from "./harness.js";

let dir: string;
beforeAll(ensureBuilt);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hosts = (out: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries((JSON.parse(readFileSync(join(out, "machines.lock.json"), "utf8")) as { nodes: Record<string, { host: string }> }).nodes).map(
      ([name, node]) => [name, node.host],
    ),
  );

describe("build reports what an edit does to running machines", () => {
  it("keeps placements, reports a new node and a class resize, and refuses to move a control plane", async () => {
    dir = workspace({ "spec.yaml": "ha-proxmox" });
    const spec = join(dir, "spec.yaml");
    expect((await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir })).exitCode).toBe(0);
    const before = hosts(join(dir, "infra"));

    editSpec(spec, (doc) => {
      doc.setIn(["spec", "platform", "proxmox", "hosts", "bravo"], doc.createNode({ datastore: "local-lvm" }));
      const nodes = doc.getIn(["spec", "nodes"]) as { items: unknown[] };
      nodes.items.splice(3, 0, doc.createNode({ name: "wk-0", role: "worker", class: "worker", address: "192.168.62.30/24", vmId: 1200 }));
      doc.setIn(["spec", "nodeClasses", "worker", "memory"], 65536);
    });
    const grown = await runBin(["build", "spec.yaml", "-o", "infra"], { cwd: dir });
    expect(grown.exitCode).toBe(0);
    const after = hosts(join(dir, "infra"));
    for (const [name, host] of Object.entries(before)) expect(after[name], name).toBe(host);
    expect(after["wk-0"]).toBe("bravo"); // the new, empty host
    expect(grown.stdout.split("\n").filter((l) => l.startsWith("  ") || l.includes("running machines"))).toEqual([
      "infra/: the next apply changes running machines:",
      "  wk-0: created (new worker)",
      "  wk-1, wk-2, wk-3: rebooted (memory 49152 -> 65536), all at once: apply one at a time (-parallelism=1)",
    ]);

    editSpec(spec, (doc) => {
      const cp2 = (doc.getIn(["spec", "nodes"]) as { items: { get(key: string): unknown; set(key: string, value: unknown): void }[] }).items.find(
        (n) => n.get("name") === "cp-2",
      );
      cp2?.set("host", after["cp-2"] === "bravo" ? "alpha" : "bravo");
    });
    const lock = readFileSync(join(dir, "infra", "machines.lock.json"), "utf8");
    const refused = await runBin(["build", "spec.yaml", "-o", "infra", "--no-color"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("error[cli/replaces-control-plane]: the rebuilt infra/ replaces control plane cp-2");
    expect(refused.stderr).toContain("nothing was written");
    expect(readFileSync(join(dir, "infra", "machines.lock.json"), "utf8")).toBe(lock);

    const checked = await runBin(["build", "spec.yaml", "-o", "infra", "--check", "--no-color"], { cwd: dir });
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toContain(`  cp-2: replaced (host ${after["cp-2"] ?? ""} -> `);
    expect(checked.stderr).toContain("warning[cli/replaces-control-plane]");

    const allowed = await runBin(["build", "spec.yaml", "-o", "infra", "--allow-replace"], { cwd: dir });
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stdout).toContain("  cp-2: replaced (host ");
  });

  it("calls a Hetzner cluster's public network changed a replacement of every server, and refuses it for the control planes", async () => {
    // The hcloud provider powers a server off to change its public network or take a primary
    // IP from it: the tree never does that to a running server (src/lock/impact.ts).
    dir = workspace({ "spec.yaml": "hcloud-floating-ip" });
    const spec = join(dir, "spec.yaml");
    expect((await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir })).exitCode).toBe(0);
    const lock = readFileSync(join(dir, "infra", "machines.lock.json"), "utf8");
    editSpec(spec, (doc) => doc.setIn(["spec", "platform", "hcloud", "publicNetwork"], "ipv4"));
    const refused = await runBin(["build", "spec.yaml", "-o", "infra", "--no-color"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("error[cli/replaces-control-plane]: the rebuilt infra/ replaces control plane edge-cp-1");
    expect(readFileSync(join(dir, "infra", "machines.lock.json"), "utf8")).toBe(lock);
    const checked = await runBin(["build", "spec.yaml", "-o", "infra", "--check", "--no-color"], { cwd: dir });
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toContain(
      "  edge-wk-1: replaced (public network dual-stack -> ipv4: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server))",
    );
  });
});

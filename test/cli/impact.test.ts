/**
 * What `build` says a spec edit does to running machines, through the real binary: the tree's
 * machines.lock.json keeps placements, the next build announces each node's change in the
 * order the rollout reaches it, and refuses what would hurt the cluster (several machines
 * restarted at once, a control plane replaced, etcd members lost, impossible upgrade paths)
 * unless the flag that lifts it is given. A refused build writes nothing.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Document } from "yaml";
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

/** The impact block of build's stdout: the heading and its indented lines. */
const impactLines = (stdout: string): string[] => stdout.split("\n").filter((l) => l.startsWith("  ") || l.includes("running machines"));

type Node = { get(key: string): unknown; set(key: string, value: unknown): void };
const node = (doc: Document, name: string): Node | undefined => (doc.getIn(["spec", "nodes"]) as { items: Node[] }).items.find((n) => n.get("name") === name);

/** A workspace with the fixture's tree built, after `edit` (the spec of the running cluster). */
async function built(spec: string, edit?: (doc: Document) => void): Promise<void> {
  dir = workspace({ "spec.yaml": spec });
  if (edit !== undefined) editSpec(join(dir, "spec.yaml"), edit);
  expect((await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir })).exitCode).toBe(0);
}

const build = (...flags: string[]) => runBin(["build", "spec.yaml", "-o", "infra", "--no-color", ...flags], { cwd: dir });
const lockText = () => readFileSync(join(dir, "infra", "machines.lock.json"), "utf8");

describe("build reports what an edit does to running machines", () => {
  it("keeps placements, refuses a class resize that restarts every worker at once, and refuses to move a control plane", async () => {
    await built("ha-proxmox");
    const spec = join(dir, "spec.yaml");
    const before = hosts(join(dir, "infra"));

    editSpec(spec, (doc) => {
      doc.setIn(["spec", "platform", "proxmox", "hosts", "bravo"], doc.createNode({ datastore: "local-lvm" }));
      const nodes = doc.getIn(["spec", "nodes"]) as { items: unknown[] };
      nodes.items.splice(3, 0, doc.createNode({ name: "wk-0", role: "worker", class: "worker", address: "192.168.62.30/24", vmId: 1200 }));
      doc.setIn(["spec", "nodeClasses", "worker", "memory"], 65536);
    });
    const lock = lockText();
    const refused = await build();
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("error[cli/restarts-at-once]: infra/: wk-1, wk-2, wk-3 restart at once, outside the rollout's one-at-a-time order");
    expect(refused.stderr).toContain("to go ahead anyway, build with --allow-restart");
    expect(refused.stderr).toContain("nothing was written");
    expect(lockText()).toBe(lock);

    const grown = await build("--allow-restart");
    expect(grown.exitCode).toBe(0);
    const after = hosts(join(dir, "infra"));
    for (const [name, host] of Object.entries(before)) expect(after[name], name).toBe(host);
    expect(after["wk-0"]).toBe("bravo"); // the new, empty host
    const restart = "its VM restarts (memory 49152 -> 65536) when the provider updates it, not drained, outside the rollout";
    expect(impactLines(grown.stdout)).toEqual([
      "infra/: the next apply changes running machines, in this order:",
      "  4. wk-0 (worker): created, configured, joins the cluster",
      `  5. wk-1 (worker): ${restart}`,
      `  6. wk-2 (worker): ${restart}`,
      `  7. wk-3 (worker): ${restart}`,
    ]);

    editSpec(spec, (doc) => node(doc, "cp-2")?.set("host", after["cp-2"] === "bravo" ? "alpha" : "bravo"));
    const moved = lockText();
    const replace = await build();
    expect(replace.exitCode).toBe(2);
    expect(replace.stderr).toContain("error[cli/replaces-control-plane]: infra/: the rebuilt tree replaces control plane cp-2");
    expect(lockText()).toBe(moved);

    const checked = await build("--check");
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toContain(`  2. cp-2 (control plane): replaced (host ${after["cp-2"] ?? ""} -> `);
    expect(checked.stderr).toContain("warning[cli/replaces-control-plane]");

    const allowed = await build("--allow-replace");
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stdout).toContain("  2. cp-2 (control plane): replaced (host ");
  });

  it("announces a Talos and Kubernetes upgrade node by node, Kubernetes after the last node, and carries it in --json", async () => {
    await built("hcloud-lb", (doc) => {
      doc.setIn(["spec", "talos"], doc.createNode({ version: "v1.13.8" }));
      doc.setIn(["spec", "kubernetes"], doc.createNode({ version: "v1.35.4" }));
    });
    const spec = join(dir, "spec.yaml");
    editSpec(spec, (doc) => {
      doc.setIn(["spec", "talos", "version"], "v1.13.9");
      doc.setIn(["spec", "kubernetes", "version"], "v1.36.3");
    });
    const upgraded = await build("--json");
    expect(upgraded.exitCode).toBe(0);
    const report = JSON.parse(upgraded.stdout) as {
      trees: Array<{ impact: string[]; rollout: { talos: unknown; kubernetes: unknown; nodes: Array<{ node: string; step: number }> } }>;
    };
    const tree = report.trees[0];
    // The installer's tag is in every configuration (machine.install.image): applied after the
    // upgrade, in place. The image's schematic is not the version: no class has a new one.
    const cp = "cordoned, drained, rebooted, waited for until etcd is healthy and the Node Ready, uncordoned; configuration applied in place";
    const wk = "cordoned, drained, rebooted, waited for until Ready, uncordoned; configuration applied in place";
    expect(tree?.impact).toEqual([
      `1. cp-1 (control plane): upgraded (Talos v1.13.8 -> v1.13.9): ${cp}`,
      `2. cp-2 (control plane): upgraded (Talos v1.13.8 -> v1.13.9): ${cp}`,
      `3. cp-3 (control plane): upgraded (Talos v1.13.8 -> v1.13.9): ${cp}`,
      `4. wk-1 (worker): upgraded (Talos v1.13.8 -> v1.13.9): ${wk}`,
      `4. wk-2 (worker): upgraded (Talos v1.13.8 -> v1.13.9): ${wk}`,
      `5. st-arm-1 (worker): upgraded (Talos v1.13.8 -> v1.13.9): ${wk}`,
      `5. wk-arm-1 (worker): upgraded (Talos v1.13.8 -> v1.13.9): ${wk}`,
      "then Kubernetes v1.35.4 -> v1.36.3 (a new minor: read its deprecations first): talos_cluster runs upgrade-k8s after the last node, one control plane's API server, controller manager and scheduler at a time, then each kubelet",
    ]);
    expect(tree?.rollout.talos).toEqual({ from: "v1.13.8", to: "v1.13.9" });
    expect(tree?.rollout.kubernetes).toEqual({ from: "v1.35.4", to: "v1.36.3" });
    expect(tree?.rollout.nodes.map((n) => `${n.step} ${n.node}`)).toEqual(["1 cp-1", "2 cp-2", "3 cp-3", "4 wk-1", "4 wk-2", "5 st-arm-1", "5 wk-arm-1"]);
  });

  it("refuses a Kubernetes minor skipped, whatever the flags", async () => {
    await built("single-node", (doc) => doc.setIn(["spec", "kubernetes", "version"], "v1.34.2"));
    const spec = join(dir, "spec.yaml");
    editSpec(spec, (doc) => doc.setIn(["spec", "kubernetes", "version"], "v1.36.3"));
    const refused = await build("--allow-replace", "--allow-restart");
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      "error[cli/kubernetes-upgrade-path]: infra/: Kubernetes v1.34.2 -> v1.36.3: talosctl upgrade-k8s moves one minor at a time",
    );
    expect(refused.stderr).toContain("hint: go to v1.35 first (its latest patch), apply, then v1.36");
  });

  it("forgets a dead control plane while a new one takes its place, and refuses two leaving at once", async () => {
    await built("ha-proxmox");
    const spec = join(dir, "spec.yaml");
    editSpec(spec, (doc) => {
      node(doc, "cp-3")?.set("gone", true);
      const nodes = doc.getIn(["spec", "nodes"]) as { items: unknown[] };
      nodes.items.splice(3, 0, doc.createNode({ name: "cp-4", role: "controlplane", class: "control_plane", address: "192.168.62.24/24", vmId: 1104 }));
    });
    const replaced = await build();
    expect(replaced.exitCode).toBe(0);
    expect(impactLines(replaced.stdout)).toEqual([
      "infra/: the next apply changes running machines, in this order:",
      "  3. cp-4 (control plane): created, configured, joins etcd",
      "  cp-3 (control plane): gone: forgotten without a reset (it is dead), its etcd member removed, its Node deleted, its VM destroyed",
    ]);
    expect(JSON.parse(lockText())).toMatchObject({ gone: { "cp-3": "controlplane" } });

    editSpec(spec, (doc) => {
      node(doc, "cp-1")?.set("gone", true);
      node(doc, "cp-2")?.set("gone", true);
    });
    const lock = lockText();
    const refused = await build("--allow-replace");
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("error[cli/control-planes-at-once]: infra/: cp-1, cp-2 would leave etcd in one apply (replaced, removed or gone)");
    expect(refused.stderr).toContain("error[cli/etcd-quorum]: infra/: with cp-1, cp-2 gone, 1 of 3 etcd members are left: no quorum to remove the dead ones");
    expect(lockText()).toBe(lock);
  });

  it("impact compares two locks for a pull request whose tree is built: the order, and what build would refuse", async () => {
    await built("ha-proxmox");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(dir, "base.lock.json"), lockText());
    editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "nodeClasses", "control_plane", "memory"], 16384));
    expect((await build("-q", "--allow-restart")).exitCode).toBe(0);
    const impact = (...flags: string[]) =>
      runBin(["impact", "--from", "base.lock.json", "--to", "infra/machines.lock.json", "--no-color", ...flags], { cwd: dir });
    const refused = await impact();
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout.split("\n").slice(0, 2)).toEqual([
      "the apply changes running machines, in this order:",
      "  1. cp-1 (control plane): its VM restarts (memory 8192 -> 16384) when the provider updates it, not drained, outside the rollout",
    ]);
    expect(refused.stderr).toContain("error[cli/restarts-at-once]: cp-1, cp-2, cp-3 restart at once");
    const allowed = await impact("--allow-restart", "--json");
    expect(allowed.exitCode).toBe(0);
    const document = JSON.parse(allowed.stdout) as { impact: string[]; rollout: { nodes: Array<{ node: string }> }; diagnostics: unknown[] };
    expect(document.rollout.nodes.map((n) => n.node)).toEqual(["cp-1", "cp-2", "cp-3"]);
    expect(document.diagnostics).toEqual([]);
    const same = await runBin(["impact", "--from", "base.lock.json", "--to", "base.lock.json"], { cwd: dir });
    expect([same.exitCode, same.stdout]).toEqual([0, "no running machine changes\n"]);
    const missing = await runBin(["impact", "--from", "nope.json", "--to", "base.lock.json"], { cwd: dir });
    expect([missing.exitCode, missing.stderr.split("\n")[0]]).toEqual([2, "talos-hclgen impact: error: cannot read nope.json: ENOENT"]);
  });

  it("calls a Hetzner cluster's public network changed a replacement of every server, and refuses it for the control planes", async () => {
    // The hcloud provider powers a server off to change its public network or take a primary
    // IP from it: the tree never does that to a running server (src/platforms/hcloud/lock.ts).
    await built("hcloud-floating-ip");
    const lock = lockText();
    editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "platform", "hcloud", "publicNetwork"], "ipv4"));
    const refused = await build();
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("error[cli/replaces-control-plane]: infra/: the rebuilt tree replaces control plane edge-cp-1");
    expect(lockText()).toBe(lock);
    const checked = await build("--check");
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toContain(
      "  2. edge-wk-1 (worker): replaced (public network dual-stack -> ipv4: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server)): a new machine, installed from an empty disk",
    );
  });
});

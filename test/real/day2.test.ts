/**
 * Day 2 with the real tools: a cluster built from spec A is applied (the provider doubles,
 * then reconciled with the real providers' plans: test/real/workspace.ts), spec B is built
 * into the same folder with A's machines.lock.json (as `build` does), and the real plan of B
 * must hold exactly the expected actions: no existing machine replaced, nothing touched that
 * the edit does not concern. B is then applied too, and a second plan must be empty.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { MACHINES_LOCK } from "../../src/lock/machines-lock.js";
import { machineResourceName } from "../../src/plan/rollout.js";
import type { GeneratedFile } from "../../src/types.js";
import { startFakeHcloudApi, type FakeHcloudApi } from "./fake-hcloud-api.js";
import { describeWithTools } from "./tools.js";
import { changesOf, describeChanges, makeMirrors, Workspace, type Mirrors } from "./workspace.js";

/** Three control planes behind a VIP and three workers on three Proxmox hosts, Cilium inline. */
const PROXMOX = `apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: day2
spec:
  talos:
    version: v1.13.9
    schematic:
      extensions: [siderolabs/qemu-guest-agent]
  kubernetes:
    version: v1.36.3
  endpoint:
    vip: 10.30.0.10
  network:
    cidr: 10.30.0.0/24
    gateway: 10.30.0.1
    nameservers: [10.30.0.1]
  platform:
    proxmox:
      endpoint: https://pve-a.example.net:8006/
      hosts:
        pve-a: {}
        pve-b: {}
        pve-c: {}
  nodeClasses:
    control_plane: { cpu: 4, memory: 8192, osDisk: 64 }
    worker: { cpu: 8, memory: 16384, osDisk: 100 }
  nodes:
    - { name: cp-1, role: controlplane, class: control_plane, address: 10.30.0.11/24, vmId: 3011 }
    - { name: cp-2, role: controlplane, class: control_plane, address: 10.30.0.12/24, vmId: 3012 }
    - { name: cp-3, role: controlplane, class: control_plane, address: 10.30.0.13/24, vmId: 3013 }
    - { name: wk-1, role: worker, class: worker, address: 10.30.0.21/24, vmId: 3021 }
    - { name: wk-2, role: worker, class: worker, address: 10.30.0.22/24, vmId: 3022 }
    - { name: wk-3, role: worker, class: worker, address: 10.30.0.23/24, vmId: 3023 }
  cni:
    cilium:
      values:
        operator: { replicas: 2 }
`;

/** Two control planes' worth of Hetzner servers behind a load balancer, Flannel. */
const HCLOUD = `apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: day2-cloud
spec:
  endpoint: {}
  network:
    cidr: 10.0.1.0/24
  platform:
    hcloud:
      location: nbg1
      adminCidrs: [203.0.113.0/24]
  nodeClasses:
    cp: { serverType: cx32 }
    wk: { serverType: cx42 }
  nodes:
    - { name: cp-1, role: controlplane, class: cp, address: 10.0.1.11/24 }
    - { name: cp-2, role: controlplane, class: cp, address: 10.0.1.12/24 }
    - { name: cp-3, role: controlplane, class: cp, address: 10.0.1.13/24 }
    - { name: wk-1, role: worker, class: wk, address: 10.0.1.21/24 }
`;

/**
 * The same servers without public IPv4 (platform.hcloud.publicNetwork ipv6): a primary IPv6
 * each, the admins on IPv6, IPv6 resolvers, mirrors of ghcr.io and the image factory
 * (src/platforms/hcloud/rules/public-network.ts).
 */
const HCLOUD_IPV6 = HCLOUD.replace(
  "  network:\n    cidr: 10.0.1.0/24\n",
  '  network:\n    cidr: 10.0.1.0/24\n    nameservers: ["2a01:4ff:ff00::add:1"]\n  registryMirrors:\n    ghcr.io: { endpoints: [https://ghcr-mirror.example.com] }\n    factory.talos.dev: { endpoints: [https://factory-mirror.example.com] }\n',
).replace("      adminCidrs: [203.0.113.0/24]\n", '      publicNetwork: ipv6\n      adminCidrs: ["2001:db8:1234::/48"]\n');
/** The same servers with no public address, their egress through a NAT server in the network. */
const HCLOUD_PRIVATE = HCLOUD.replace(
  "      adminCidrs: [203.0.113.0/24]\n",
  "      publicNetwork: none\n      natGateway: 10.0.0.2\n      adminCidrs: [10.0.0.0/24]\n",
);
const BASES = { proxmox: PROXMOX, hcloud: HCLOUD, "hcloud-ipv6": HCLOUD_IPV6, "hcloud-private": HCLOUD_PRIVATE } as const;

const VM = (name: string): string => `module.nodes.proxmox_virtual_environment_vm.this["${name}"]`;
/** A node's talos_machine (src/plan/rollout.ts machineResourceName): the rollout's step for it. */
const MACHINE = (name: string): string => `module.cluster.talos_machine.${machineResourceName(name)}`;
/** What tracks a node's Kubernetes Node object (deleted with the node). */
const NODE = (name: string): string => `module.cluster.terraform_data.node["${name}"]`;
const CONTROL_PLANES = ["cp-1", "cp-2", "cp-3"];
const WORKERS = ["wk-1", "wk-2", "wk-3"];
const allMachines = (): string[] => [...CONTROL_PLANES, ...WORKERS].map(MACHINE);
const edit =
  (from: string, to: string) =>
  (spec: string): string => {
    if (!spec.includes(from)) throw new Error(`the base spec has no ${JSON.stringify(from)}`);
    return spec.replace(from, to);
  };

interface Scenario {
  name: string;
  base: keyof typeof BASES;
  change: (spec: string) => string;
  /** Exactly the managed-resource actions the real plan must hold. */
  expected: string[];
  /** What else the plan must say, by resource address: attributes of the planned values. */
  planned?: Record<string, Record<string, unknown>>;
}

const SCENARIOS: Scenario[] = [
  {
    name: "add a worker at the end",
    base: "proxmox",
    change: edit("  cni:", "    - { name: wk-4, role: worker, class: worker, address: 10.30.0.24/24, vmId: 3024 }\n  cni:"),
    expected: [`create ${MACHINE("wk-4")}`, `create ${NODE("wk-4")}`, `create ${VM("wk-4")}`],
  },
  {
    name: "insert a node in the middle",
    base: "proxmox",
    change: edit("    - { name: wk-1,", "    - { name: wk-0, role: worker, class: worker, address: 10.30.0.20/24, vmId: 3020 }\n    - { name: wk-1,"),
    expected: [`create ${MACHINE("wk-0")}`, `create ${NODE("wk-0")}`, `create ${VM("wk-0")}`],
  },
  {
    name: "remove a worker",
    base: "proxmox",
    change: edit("    - { name: wk-2, role: worker, class: worker, address: 10.30.0.22/24, vmId: 3022 }\n", ""),
    expected: [`destroy ${MACHINE("wk-2")}`, `destroy ${NODE("wk-2")}`, `destroy ${VM("wk-2")}`],
  },
  {
    name: "add a Proxmox host",
    base: "proxmox",
    change: edit("        pve-c: {}", "        pve-c: {}\n        pve-d: {}"),
    expected: [],
  },
  {
    name: "change the nameservers",
    base: "proxmox",
    change: edit("nameservers: [10.30.0.1]", "nameservers: [10.30.0.1, 1.1.1.1]"),
    expected: allMachines().map((a) => `update ${a}`),
  },
  {
    name: "bump Talos",
    base: "proxmox",
    change: edit("version: v1.13.9", "version: v1.13.10"),
    // A new image file per host (the file name carries the version); VMs ignore their boot image.
    expected: [
      ...allMachines().map((a) => `update ${a}`),
      ...["pve-a", "pve-b", "pve-c"].map((h) => `replace module.nodes.proxmox_download_file.talos["${h}"]`),
    ],
  },
  {
    // The next Talos minor: the tree keeps its machine-config contract (machines.lock.json), so
    // the nodes' configurations change by their install image only, and no machine is replaced.
    name: "upgrade Talos to the next minor",
    base: "proxmox",
    change: edit("version: v1.13.9", "version: v1.14.0"),
    expected: [
      ...allMachines().map((a) => `update ${a}`),
      ...["pve-a", "pve-b", "pve-c"].map((h) => `replace module.nodes.proxmox_download_file.talos["${h}"]`),
    ],
  },
  {
    name: "bump Kubernetes",
    base: "proxmox",
    change: edit("version: v1.36.3", "version: v1.36.4"),
    // talos_cluster runs upgrade-k8s. Each talos_machine stores the new configuration text, but
    // its hash leaves the Kubernetes images' tags out (ignore_kubernetes_upgrade_drift), so its
    // Update applies nothing to the node (test/real/rollout.test.ts: no node touched).
    expected: ["update module.cluster.talos_cluster.this", ...allMachines().map((a) => `update ${a}`)],
  },
  {
    name: "change Cilium values",
    base: "proxmox",
    change: edit("operator: { replicas: 2 }", "operator: { replicas: 1 }"),
    // The inline manifest is on the control planes only.
    expected: CONTROL_PLANES.map((n) => `update ${MACHINE(n)}`),
  },
  {
    // Typed node settings land in the node patches: the workers' configs change, nothing else.
    name: "taint and label a class",
    base: "proxmox",
    change: edit(
      "worker: { cpu: 8, memory: 16384, osDisk: 100 }",
      "worker: { cpu: 8, memory: 16384, osDisk: 100, labels: { pool: batch }, taints: { pool: batch:NoSchedule } }",
    ),
    expected: WORKERS.map((n) => `update ${MACHINE(n)}`),
  },
  {
    // A new UserVolumeConfig partitions free space in place: the workers' configs change only.
    name: "add a user volume to a class",
    base: "proxmox",
    change: edit(
      "worker: { cpu: 8, memory: 16384, osDisk: 100 }",
      'worker: { cpu: 8, memory: 16384, osDisk: 100, userVolumes: [{ name: data, disk: "!system_disk", minSize: 10GiB, grow: true }] }',
    ),
    expected: WORKERS.map((n) => `update ${MACHINE(n)}`),
  },
  {
    // A secret reaches the workers through a sensitive variable (the harness sets it): their
    // configs change, nothing is replaced.
    name: "add an extension service with a secret to a class",
    base: "proxmox",
    change: edit(
      "worker: { cpu: 8, memory: 16384, osDisk: 100 }",
      "worker: { cpu: 8, memory: 16384, osDisk: 100, extensionServices: [{ name: tailscale, environment: { TS_AUTHKEY: { variable: tailscale_authkey } } }] }",
    ),
    expected: WORKERS.map((n) => `update ${MACHINE(n)}`),
  },
  {
    name: "add an API server flag",
    base: "proxmox",
    change: edit("    version: v1.36.3\n", '    version: v1.36.3\n    apiServer:\n      extraArgs: { audit-log-maxage: "30" }\n'),
    expected: CONTROL_PLANES.map((n) => `update ${MACHINE(n)}`),
  },
  {
    // The firewall's documents are configuration, applied in place: every node's config
    // changes (the impact report says so), no machine is touched.
    name: "turn on the ingress firewall",
    base: "proxmox",
    change: edit("nameservers: [10.30.0.1]", "nameservers: [10.30.0.1]\n    firewall: { ingress: block, adminCidrs: [192.168.50.0/24] }"),
    expected: allMachines().map((a) => `update ${a}`),
  },
  {
    // A worker's NIC also trunks two VLANs to the guest: bpg updates the VM in place, and the
    // other VMs keep their NICs (model virtio, the provider's default, is now written out).
    name: "trunk two VLANs to a worker's NIC",
    base: "proxmox",
    change: edit(
      "    - { name: wk-1, role: worker, class: worker, address: 10.30.0.21/24, vmId: 3021 }",
      "    - name: wk-1\n      role: worker\n      class: worker\n      vmId: 3021\n      networks:\n        - { address: 10.30.0.21/24, trunks: [400, 410] }",
    ),
    expected: [`update ${VM("wk-1")}`],
  },
  {
    // A class's own image: a schematic and a download per host its VMs run on; the workers'
    // configurations name the class's installer (used at their next upgrade); no VM changes
    // (a running VM keeps its disk: the boot image is ignored after creation).
    name: "give a class extensions of its own",
    base: "proxmox",
    change: edit(
      "worker: { cpu: 8, memory: 16384, osDisk: 100 }",
      "worker: { cpu: 8, memory: 16384, osDisk: 100, schematic: { extensions: [siderolabs/iscsi-tools] } }",
    ),
    // The talos provider 0.12 plans a configuration whose installer is not known yet (its
    // hash unknown, talos_machine_resource.go ModifyPlan): one apply, no -target first.
    expected: [
      'create module.nodes.talos_image_factory_schematic.class["worker"]',
      ...["pve-a", "pve-b", "pve-c"].map((h) => `create module.nodes.proxmox_download_file.class["worker/${h}"]`),
      ...WORKERS.map((n) => `update ${MACHINE(n)}`),
    ],
  },
  {
    name: "change a class's memory",
    base: "proxmox",
    change: edit("worker: { cpu: 8, memory: 16384", "worker: { cpu: 8, memory: 24576"),
    expected: WORKERS.map((n) => `update ${VM(n)}`),
  },
  {
    name: "switch the API endpoint from a VIP to a host name",
    base: "proxmox",
    change: edit("    vip: 10.30.0.10", "    host: k8s.day2.example.net"),
    // The rollout's kubeconfig (kept for the destroy-time Node deletion) follows the endpoint.
    expected: [...allMachines().map((a) => `update ${a}`), ...[...CONTROL_PLANES, ...WORKERS].map((n) => `update ${NODE(n)}`)],
  },
  {
    name: "hcloud: add a worker",
    base: "hcloud",
    change: (spec) => `${spec}    - { name: wk-2, role: worker, class: wk, address: 10.0.1.22/24 }\n`,
    expected: [
      `create ${MACHINE("wk-2")}`,
      `create ${NODE("wk-2")}`,
      'create module.nodes.hcloud_primary_ip.this["wk-2"]',
      'create module.nodes.hcloud_server.this["wk-2"]',
    ],
  },
  {
    // Past 10 workers, Hetzner's limit for one spread group: the new ones fill the first group
    // and a second one is made; no running server changes group or anything else.
    name: "hcloud: grow the workers past one placement group",
    base: "hcloud",
    change: (spec) =>
      spec + Array.from({ length: 10 }, (_, i) => `    - { name: wk-${i + 2}, role: worker, class: wk, address: 10.0.1.${40 + i}/24 }\n`).join(""),
    expected: [
      ...Array.from({ length: 10 }, (_, i) => `wk-${i + 2}`).flatMap((n) => [
        `create ${MACHINE(n)}`,
        `create ${NODE(n)}`,
        `create module.nodes.hcloud_primary_ip.this["${n}"]`,
        `create module.nodes.hcloud_server.this["${n}"]`,
      ]),
      'create module.nodes.hcloud_placement_group.this["worker-2"]',
    ],
  },
  {
    // An Arm server beside x86 ones: the tree now looks up the arm64 snapshot too, and the x86
    // servers (whose image becomes a choice by server type) stay as they are.
    name: "hcloud: add an Arm worker",
    base: "hcloud",
    change: (spec) =>
      edit("    wk: { serverType: cx42 }", "    wk: { serverType: cx42 }\n    arm: { serverType: cax21 }")(spec) +
      "    - { name: wk-arm, role: worker, class: arm, address: 10.0.1.31/24 }\n",
    expected: [
      `create ${MACHINE("wk-arm")}`,
      `create ${NODE("wk-arm")}`,
      'create module.nodes.hcloud_primary_ip.this["wk-arm"]',
      'create module.nodes.hcloud_server.this["wk-arm"]',
    ],
    // The fake API's arm snapshot (test/real/fake-hcloud-api.ts), not the x86 one (424242).
    planned: { 'module.nodes.hcloud_server.this["wk-arm"]': { image: "424243" } },
  },
  {
    // The project's baseline firewall beside the tree's: every server gets it in place (a
    // server's firewalls change without a restart), nothing is replaced.
    name: "hcloud: attach an existing firewall",
    base: "hcloud",
    change: edit("      adminCidrs: [203.0.113.0/24]", "      adminCidrs: [203.0.113.0/24]\n      firewallIds: [31337]"),
    expected: ["cp-1", "cp-2", "cp-3", "wk-1"].map((n) => `update module.nodes.hcloud_server.this["${n}"]`),
  },
  {
    // An Arm class with an image of its own: its schematic and its server are new, the server
    // boots the class's arm64 snapshot, and no other server or configuration changes.
    name: "hcloud: add an Arm class with an image of its own",
    base: "hcloud",
    change: (spec) =>
      edit(
        "    wk: { serverType: cx42 }",
        "    wk: { serverType: cx42 }\n    arm: { serverType: cax21, schematic: { extensions: [siderolabs/iscsi-tools] } }",
      )(spec) + "    - { name: wk-arm, role: worker, class: arm, address: 10.0.1.31/24 }\n",
    expected: [
      `create ${MACHINE("wk-arm")}`,
      `create ${NODE("wk-arm")}`,
      "create module.image_arm.talos_image_factory_schematic.this",
      'create module.nodes.hcloud_primary_ip.this["wk-arm"]',
      'create module.nodes.hcloud_server.this["wk-arm"]',
    ],
    // The fake API's arm snapshot of image "arm" (its id: 424242 + 10 * (1 + the name's char
    // codes) + 1 for arm), neither the cluster's x86 (424242) nor its arm one (424243).
    planned: { 'module.nodes.hcloud_server.this["wk-arm"]': { image: "427453" } },
  },
  {
    // IPv6-only servers: the first apply makes a primary IPv6 per server and no IPv4, and a
    // new server gets its own without touching the others.
    name: "hcloud IPv6-only: add a worker",
    base: "hcloud-ipv6",
    change: (spec) => `${spec}    - { name: wk-2, role: worker, class: wk, address: 10.0.1.22/24 }\n`,
    expected: [
      `create ${MACHINE("wk-2")}`,
      `create ${NODE("wk-2")}`,
      'create module.nodes.hcloud_primary_ip.ipv6["wk-2"]',
      'create module.nodes.hcloud_server.this["wk-2"]',
    ],
    planned: {
      'module.nodes.hcloud_primary_ip.ipv6["wk-2"]': { type: "ipv6" },
      'module.nodes.hcloud_server.this["wk-2"]': { public_net: [{ ipv4_enabled: false, ipv6_enabled: true }] },
    },
  },
  {
    // Private-only servers: no primary IP at all, the network's route to the NAT gateway, and
    // the load balancer without its public interface; a new server adds only itself.
    name: "hcloud private-only: add a worker",
    base: "hcloud-private",
    change: (spec) => `${spec}    - { name: wk-2, role: worker, class: wk, address: 10.0.1.22/24 }\n`,
    expected: [`create ${MACHINE("wk-2")}`, `create ${NODE("wk-2")}`, 'create module.nodes.hcloud_server.this["wk-2"]'],
    planned: {
      'module.nodes.hcloud_server.this["wk-2"]': { public_net: [{ ipv4_enabled: false, ipv6_enabled: false }] },
    },
  },
];

function build(spec: string, previousLock?: string): GeneratedFile[] {
  const result = compile(spec, { specPath: "spec.yaml", ...(previousLock === undefined ? {} : { previousLock }) });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => d.message).join("\n"));
  return result.files;
}

const lockOf = (files: readonly GeneratedFile[]): string => files.find((f) => f.path === MACHINES_LOCK)?.contents ?? "";

describeWithTools("day 2: spec edits plan exactly what they concern", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-day2-"));
  let mirrors: Mirrors;
  let hcloudApi: FakeHcloudApi;
  const applied = new Map<Scenario["base"], { files: GeneratedFile[]; state: string }>();

  beforeAll(async () => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
    hcloudApi = await startFakeHcloudApi();
  });
  afterAll(async () => {
    await hcloudApi.close();
    expect(hcloudApi.unexpected).toEqual([]);
    rmSync(work, { recursive: true, force: true });
  });

  // Addresses the doubles make up (leases, a load balancer's private IP) come from the node network.
  const env = (base: Scenario["base"]): Record<string, string> => ({
    TESTKIT_DHCP_CIDR: base === "proxmox" ? "10.30.0.0/24" : "10.0.1.0/24",
    HCLOUD_ENDPOINT: hcloudApi.endpoint,
    TESTKIT_HCLOUD_NETWORKS: hcloudApi.networks,
    TESTKIT_HCLOUD_SUBNETS: hcloudApi.subnets,
    TESTKIT_HCLOUD_FLOATING_IPS: hcloudApi.floatingIps,
    TESTKIT_HCLOUD_SERVERS: hcloudApi.servers,
  });

  /** Spec A applied once per base; each scenario starts from a copy of its state. */
  async function appliedBase(base: Scenario["base"]): Promise<{ files: GeneratedFile[]; state: string }> {
    const known = applied.get(base);
    if (known !== undefined) return known;
    const files = build(BASES[base]);
    const workspace = new Workspace(tools, mirrors, join(work, `base-${base}`), env(base));
    await workspace.write(files);
    await workspace.apply();
    const result = { files, state: workspace.state };
    applied.set(base, result);
    return result;
  }

  for (const scenario of SCENARIOS) {
    it(
      scenario.name,
      async () => {
        const base = await appliedBase(scenario.base);
        const workspace = new Workspace(tools, mirrors, join(work, scenario.name.replace(/[^a-z0-9]+/gi, "-")), env(scenario.base));
        cpSync(base.state, workspace.state);
        const next = build(scenario.change(BASES[scenario.base]), lockOf(base.files));

        await workspace.write(next);
        const { plan, run } = await workspace.planReal();
        expect(run.exitCode, run.stderr).toBe(0);
        expect(describeChanges(changesOf(plan))).toEqual([...scenario.expected].sort());
        for (const [address, attributes] of Object.entries(scenario.planned ?? {})) {
          const after = changesOf(plan).find((c) => c.address === address)?.change.after;
          expect(after, address).toMatchObject(attributes);
        }

        // Applied, the tree settles: the real providers would only update what the doubles could
        // not know, never create, destroy or replace anything.
        await workspace.applyChecked();
        expect(JSON.parse(readFileSync(workspace.state, "utf8")).resources.length).toBeGreaterThan(0);
        // A plan, an apply and its reconciling plans (and the base's for the first scenario of a
        // base) take 10-20 s on 2 cores, several times that when the machine is busy: the
        // default 60 s would fail a correct tree on a loaded CI runner.
      },
      300_000,
    );
  }
});

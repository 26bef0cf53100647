/**
 * What happens to running machines when the spec changes, for the generated README: what an
 * edit replaces, reboots or resets, and how to plan when the cluster is not healthy. Each
 * sentence states what this tree does; the platform's sentences are its own
 * (src/platforms/<kind>/readme.ts), and the sources are in the templates' comments.
 */
import type { ClusterModel } from "../model/model.js";
import type { PlatformReadme } from "./platform-part.js";

export function dayTwoNotes(model: ClusterModel, readme: PlatformReadme): string[] {
  const notes: string[] = [];
  notes.push(
    "Adding a node creates its machine and its configuration; nothing else changes.",
    "Removing a node destroys its configuration first, which resets the node (a control plane leaves etcd) and wipes it, then its machine. Kubernetes keeps its Node object: while the apply waits for the cluster's health, which reports the node as unexpected, run `kubectl delete node <name>`.",
    ...readme.machineNotes,
  );
  if (model.talos.classSchematics.length > 0) {
    notes.push(
      `A node class with an image of its own (\`nodeClasses.*.schematic\`) that is new on a running cluster: create its schematic first, \`tofu apply ${readme.classImageTargets.map((target) => `-target='${target}'`).join(" ")}\`, then apply the rest. The talos provider 0.11 cannot plan a node's configuration while its installer is not known yet (fixed in 0.12). Running machines keep the image they booted until \`talosctl upgrade\` with their class's installer; new machines boot their class's image.`,
    );
  }
  notes.push(...readme.clusterNotes);
  notes.push(
    "Configurations reach the nodes with `talos_apply_mode` (auto): a change that needs a reboot reboots every node it touches at once. `-var talos_apply_mode=staged` stages it instead, for each node's next reboot.",
    "A plan that changes no machine reads the cluster's health at once and waits for it (up to 15 minutes). To plan a fix while a node is down: `tofu plan -var talos_health_check=false`.",
    "Destroying the whole cluster: first `tofu apply -var talos_reset_on_destroy=false`, then `tofu destroy`; otherwise every node is reset on the way, control planes leaving etcd one after the other.",
  );
  return notes;
}

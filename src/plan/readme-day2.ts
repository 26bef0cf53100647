/**
 * What happens to running machines when the spec changes, for the generated README: how the
 * rollout reaches them, what an edit replaces, restarts or resets, and how to plan when the
 * cluster is not healthy. Each sentence states what this tree does; the platform's sentences are
 * its own (src/platforms/<kind>/readme.ts), and the sources are in the templates' comments.
 */
import type { ClusterModel } from "../model/model.js";
import type { PlatformReadme } from "./platform-part.js";

export function dayTwoNotes(model: ClusterModel, readme: PlatformReadme): string[] {
  const waves = model.rollout.parallelWorkers > 1 ? `, ${model.rollout.parallelWorkers} at a time (\`rollout.parallelWorkers\`)` : ", one at a time";
  const notes: string[] = [
    `Changes reach the running machines through the rollout: one \`talos_machine\` per node, chained, the control planes one at a time in spec order, then the workers${waves}. \`talos-hclgen build\` prints what the next apply does to each node, in that order, and refuses what would hurt the cluster: more than one machine restarted at once outside the rollout (\`--allow-restart\`), a control plane replaced (\`--allow-replace\`), two control planes leaving etcd in one apply, upgrade paths Talos or Kubernetes refuse; each refusal says why and what to do instead.`,
    "Adding a node creates its machine; the rollout applies its configuration at its place in the order, and a control plane joins etcd.",
    `Removing a node from the spec: its \`talos_machine\` cordons and drains it and resets it (a control plane leaves etcd; the disk is wiped), its Kubernetes Node object is deleted${readme.ownsMachines ? ", then its machine is destroyed" : ""}. One control plane per apply.`,
    `A node whose machine is dead for good: mark it \`gone: true\` rather than removing it. The apply forgets it without a reset (it cannot answer), removes its etcd member through a control plane that does and its Node object, before the rollout starts${readme.ownsMachines ? ", and destroys its machine" : ""}; then delete its entry. A control plane can be marked gone only while the others keep etcd's quorum.`,
    ...readme.machineNotes,
  ];
  if (model.talos.classSchematics.length > 0) {
    notes.push(
      "Running nodes of a class whose image changes (`nodeClasses.*.schematic`: extensions, kernel arguments, overlay) are upgraded to it by the rollout, one at a time; new machines boot it.",
    );
  }
  notes.push(...readme.clusterNotes);
  notes.push(
    "A configuration change is applied in place, node by node. A setting Talos takes only at boot (machine files, `machine.env`, udev rules and the like) makes Talos 1.13 reboot the node to apply it, without a drain and without the rollout waiting: `build` refuses that for more than one node per apply unless `--allow-restart`. Talos 1.14 reboots for no configuration: such a change waits for the node's next reboot.",
    "To see what an apply changes inside each running node's configuration before it runs: `tofu plan -out tfplan`, then `sh dry-run.sh tfplan`. Each node the plan reaches answers `talosctl apply-config --dry-run` in rollout order: the diff against what it runs, and whether the apply would reboot it. Nothing is applied. A node whose image changes in the same plan cannot answer yet: the new schematic's id only exists once it is created.",
    "A plan that changes no machine reads the cluster's health at once and waits for it (up to 15 minutes). To plan a fix while a node is down: `tofu plan -var talos_health_check=false`.",
    "Destroying the whole cluster: first `tofu apply -var talos_reset_on_destroy=false`, then `tofu destroy`; otherwise every node is reset on the way, control planes leaving etcd one after the other.",
  );
  return notes;
}

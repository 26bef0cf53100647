/**
 * The order a change reaches the running machines: the talos_machine chain of the
 * talos-cluster module. Control planes one at a time, in spec order (the first one bootstraps);
 * then the workers in spec order, in waves of rollout.parallelWorkers, each wave after the one
 * before it. Omni rolls machines the same way: control planes first, one at a time by default,
 * workers in a machine set's own parallelism (omni talosupgrade/status.go; docs
 * "upgradeStrategy.rolling.maxParallelism", default 1).
 */
import type { ClusterModel, NodeModel } from "../model/model.js";

export interface RolloutStep {
  /** The node's position in the rollout, from 1; the workers of one wave share it. */
  step: number;
  node: NodeModel;
  /** The nodes this one waits for: the step before it (every node of a wave). */
  after: NodeModel[];
}

export function rolloutOrder(model: ClusterModel): RolloutStep[] {
  const planes = model.nodes.filter((node) => node.role === "controlplane");
  const workers = model.nodes.filter((node) => node.role === "worker");
  const steps: RolloutStep[] = [];
  let previous: NodeModel[] = [];
  for (const node of planes) {
    steps.push({ step: steps.length + 1, node, after: previous });
    previous = [node];
  }
  const size = Math.max(1, model.rollout.parallelWorkers);
  let step = steps.length;
  for (let i = 0; i < workers.length; i += size) {
    const wave = workers.slice(i, i + size);
    step++;
    for (const node of wave) steps.push({ step, node, after: previous });
    previous = wave;
  }
  return steps;
}

/**
 * The name of a node's talos_machine: its own when it is an HCL identifier (a letter first),
 * else with a prefix (a DNS label may start with a digit; no label has an underscore).
 */
export function machineResourceName(node: string): string {
  return /^[a-z]/.test(node) ? node : `node_${node}`;
}

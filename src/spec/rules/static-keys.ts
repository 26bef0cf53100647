import { quote } from "../display-path.js";
import type { NodeSettingsSpec, VolumeEncryption } from "../types.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A static passphrase lives in the machine configuration, which Talos keeps on STATE: "Other
 * volumes can use static keys as long as STATE partition itself is encrypted" (docs talos/v1.13
 * disk-encryption.mdx). A node whose volume opens with one, on an unencrypted STATE, keeps the
 * key beside the lock: warned, per node, with its settings merged as the compiler merges them
 * (the node's STATE setting, else its class's, else its role's).
 */
export const staticKeys: Rule = (ctx) => {
  const body = ctx.spec.spec;
  body.nodes.forEach((node, i) => {
    const layers: NodeSettingsSpec[] = [body.roles?.[node.role] ?? {}, (node.class === undefined ? undefined : body.nodeClasses?.[node.class]) ?? {}, node];
    // As the model merges them (kubernetes-settings.ts): the last layer that sets a volume wins.
    let stateEncrypted = false;
    let ephemeral: VolumeEncryption | undefined;
    for (const layer of layers) {
      if (layer.volumes?.state !== undefined) stateEncrypted = layer.volumes.state.encryption !== undefined;
      if (layer.volumes?.ephemeral !== undefined) ephemeral = layer.volumes.ephemeral.encryption;
    }
    if (stateEncrypted) return;
    const userVolumes = new Map(layers.flatMap((layer) => layer.userVolumes ?? []).map((volume) => [volume.name, volume.encryption]));
    const withStatic = [["EPHEMERAL", ephemeral] as const, ...[...userVolumes].map(([name, encryption]) => [name, encryption] as const)]
      .filter(([, encryption]) => encryption?.keys.some((key) => typeof key !== "string") === true)
      .map(([name]) => name);
    if (withStatic.length === 0) return;
    ctx.report({
      code: "spec/static-key-clear-state",
      severity: "warning",
      message: `node ${quote(node.name)} opens ${withStatic.map(quote).join(", ")} with a static passphrase, which Talos keeps on STATE, and its STATE is not encrypted`,
      path: specPath("nodes", i, "name"),
      hint: "encrypt STATE too (volumes.state.encryption, e.g. keys: [nodeID] or [tpm]) on this node, its class or its role",
    });
  });
};

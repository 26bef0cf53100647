/** What a changed server in machines.lock.json means: hetznercloud/hcloud recreates or stops it. */
import { HCLOUD_DEFAULTS } from "../../catalog/defaults.js";
import { change } from "../../lock/impact.js";
import type { PlatformLock } from "../../lock/platform-part.js";

export const hcloudLock: PlatformLock = {
  ownsMachines: true,
  machine: "server",
  /**
   * A Hetzner server's public addresses are its primary IPs. The tree never changes a running
   * server's public_net (ignore_changes: the provider powers a server off for any public_net
   * change, terraform-provider-hcloud v1.68.0 internal/server resource.go updatePublicNet), and
   * destroying a primary IP still assigned powers its server off too (internal/primaryip
   * resource.go Delete: power off, unassign, power on), every server at once. So a server
   * changes its public network only by being created again.
   */
  replacement(before, after) {
    // A server's location is fixed at its creation (hcloud_server location forces a new one,
    // terraform-provider-hcloud internal/server resource.go): a move is a new cluster's worth of
    // servers. Locks written before the location was recorded say nothing about it.
    if (before.location !== undefined && after.location !== undefined && before.location !== after.location) {
      return `location ${before.location} -> ${after.location}: a server cannot move; every server would be created again`;
    }
    const from = before.publicNetwork ?? HCLOUD_DEFAULTS.publicNetwork;
    const to = after.publicNetwork ?? HCLOUD_DEFAULTS.publicNetwork;
    if (from === to) return undefined;
    return `public network ${from} -> ${to}: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server)`;
  },
  /** The provider powers a server off to change its type. */
  restarts(before, after) {
    const type = change("server type", before.serverType, after.serverType);
    return type === undefined ? [] : [type];
  },
};

/** What Proxmox VE adds to the plan: its module, its VMs' network documents, README sentences and lock facts. */
import type { ClusterModel, ProxmoxModel } from "../../model/model.js";
import type { PlatformPlan, PlatformPlanner } from "../../plan/platform-part.js";
import { proxmoxNodes, PROXMOX_OUTPUTS } from "./module.js";
import { proxmoxNetworkDocuments } from "./node-network.js";
import { proxmoxReadme } from "./readme.js";

function proxmoxOf(model: ClusterModel): ProxmoxModel {
  if (model.platform.kind !== "proxmox") throw new Error("plan bug: the Proxmox platform on another platform's model");
  return model.platform;
}

export const proxmoxPlanner: PlatformPlanner = {
  plan(model): PlatformPlan {
    const platform = proxmoxOf(model);
    return {
      features: [proxmoxNodes],
      outputs: PROXMOX_OUTPUTS,
      nodeNetwork: (node) => proxmoxNetworkDocuments(model, node),
      commonNetwork: () => [],
      secureBoot: platform.secureBoot,
      readme: proxmoxReadme(model, platform),
      lock: (node) => ({
        ...(node.host === undefined ? {} : { host: node.host }),
        ...(node.vmId === undefined ? {} : { vmId: node.vmId }),
        cpu: node.cpu,
        memory: node.memory,
        osDisk: node.osDisk,
        uefi: node.uefi,
        // Only when on, so that the locks of other trees do not change.
        ...(platform.secureBoot ? { secureBoot: true } : {}),
      }),
    };
  },
};

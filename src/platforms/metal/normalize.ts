/** platform.metal -> MetalModel, and each NIC's link: a bond, a bridge, a MAC, a selector or a name. */
import type { MetalModel } from "../../model/model.js";
import type { NormalizedPlatform, PlatformNormalizer } from "../../model/platform-part.js";
import type { ClusterSpec } from "../../spec/types.js";
import { bondModel, linuxBridgeModel } from "./links.js";
import { SPEC_DEFAULTS } from "../../catalog/defaults.js";

function metalModel(spec: ClusterSpec): MetalModel {
  const boot = spec.spec.platform.metal?.boot;
  const arm64Classes = Object.entries(spec.spec.nodeClasses ?? {})
    .filter(([, cls]) => cls.arch === "arm64")
    .map(([name]) => name)
    .sort();
  return {
    kind: "metal",
    bootMedia: boot?.media ?? SPEC_DEFAULTS.MetalBootSpec.media,
    secureBoot: boot?.secureBoot ?? SPEC_DEFAULTS.MetalBootSpec.secureBoot,
    arm64: arm64Classes.length > 0,
    arm64Classes,
  };
}

export const metalNormalizer: PlatformNormalizer = {
  // Bare metal has no agent channel: no extension by default.
  defaultExtensions: [],
  normalize(spec): NormalizedPlatform {
    const metalInterface = spec.spec.platform.metal?.interface;
    return {
      model: metalModel(spec),
      providers: [],
      runner: { env: [], vars: [] },
      node() {},
      nic(model, nic, index, _node, logicalName) {
        if (nic.bond !== undefined && logicalName !== undefined) model.bond = bondModel(index, logicalName, nic.bond);
        else if (typeof nic.bridge === "object" && logicalName !== undefined) model.linuxBridge = linuxBridgeModel(index, logicalName, nic.bridge);
        // Talos prints MACs in lower case (CEL mac()); compare like with like.
        else if (nic.mac !== undefined) model.mac = nic.mac.toLowerCase();
        else if (nic.selector !== undefined) model.selector = { ...nic.selector };
        const link = nic.interface ?? (index === 0 ? metalInterface : undefined);
        if (model.bond === undefined && model.linuxBridge === undefined && nic.mac === undefined && nic.selector === undefined && link !== undefined)
          model.link = link;
        if (nic.dhcpRouteMetric !== undefined) model.dhcpRouteMetric = nic.dhcpRouteMetric;
        if (nic.ipv6 !== undefined) model.ipv6 = nic.ipv6;
      },
    };
  },
};

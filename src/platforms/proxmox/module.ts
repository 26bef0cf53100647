/** Proxmox VE: image factory schematic, one image download per host, one VM per node. */
import type { ClusterModel, NodeModel, ProxmoxModel } from "../../model/model.js";
import { hclString, obj, type HclValue } from "../../render/hcl-value.js";
import type { Feature, PlatformOutputs } from "../../plan/feature.js";
import { planModuleFiles, renderSection } from "../../plan/module-files.js";

const FOLDER = "proxmox-nodes";

function proxmoxOf(model: ClusterModel): ProxmoxModel {
  if (model.platform.kind !== "proxmox") throw new Error("plan bug: proxmox feature on another platform");
  return model.platform;
}

export const proxmoxNodes: Feature = {
  id: FOLDER,
  enabled: () => true,
  module: () => ({
    folder: FOLDER,
    call: "nodes",
    description:
      "Image factory schematic from the extensions, the image downloaded once per host, one VM per node sized from its class, addressed through cloud-init (nocloud) or its configuration (VMs installed from the metal ISO).",
    diagram: ['nodes -- "node addresses, installer image" --> cluster'],
  }),
  files: (model) =>
    planModuleFiles(model, FOLDER, {
      classSchematics: model.talos.classSchematics.length > 0,
      secureBoot: proxmoxOf(model).secureBoot,
      talosPlatform: proxmoxOf(model).talosPlatform,
      cloudInit: proxmoxOf(model).talosPlatform === "nocloud",
      dhcp: model.nodes.some((node) => node.ip === undefined),
    }),
  root: (model) => {
    const proxmox = proxmoxOf(model);
    return {
      providers: [
        renderSection(FOLDER, "providers", {
          endpoint: proxmox.endpoint,
          insecure: proxmox.insecure,
          sshNodes: proxmox.hosts.filter((h) => h.address !== undefined),
        }),
      ],
      variables: [renderSection(FOLDER, "variables", { sshUsername: proxmox.sshUsername })],
      calls: [renderSection(FOLDER, "call", callView(model, proxmox))],
      outputs: [renderSection(FOLDER, "outputs", {})],
      imports: adoptionImports(model),
    };
  },
};

/**
 * nodes[].adopt: the running VMs, imported by "<host>/<vmId>" (bpg/proxmox
 * proxmoxtf/resource/vm/vm.go Importer, parseImportIDWithNodeName). The spec rules make both
 * explicit on an adopted node (adopt-machines.ts).
 */
function adoptionImports(model: ClusterModel): string[] {
  const vms = model.nodes.flatMap((node) =>
    node.adopt === true && node.host !== undefined && node.vmId !== undefined ? [{ name: node.name, id: `${node.host}/${node.vmId}` }] : [],
  );
  return vms.length === 0 ? [] : [renderSection(FOLDER, "imports", { vms: vms.map((vm, i) => ({ ...vm, more: i < vms.length - 1 })) })];
}

function callView(model: ClusterModel, proxmox: ProxmoxModel) {
  return {
    cloudInit: proxmox.talosPlatform === "nocloud",
    name: model.name,
    talosVersion: model.talos.version,
    extensions: model.talos.extensions,
    extraKernelArgs: model.talos.extraKernelArgs,
    imageBaseUrl: model.talos.imageMirror ?? model.talos.factoryUrl,
    installerRegistry: model.talos.installerMirror ?? null,
    imageDatastore: proxmox.imageDatastore,
    imageDatastoreShared: proxmox.imageDatastoreShared,
    guestAgent: proxmox.guestAgent,
    nameservers: model.network.nameservers,
    nodes: obj(new Map(model.nodes.map((node) => [node.name, nodeValue(node)]))),
    classSchematics:
      model.talos.classSchematics.length === 0
        ? null
        : obj(new Map(model.talos.classSchematics.map((s) => [s.name, obj({ extensions: s.extensions, extra_kernel_args: s.extraKernelArgs })]))),
  };
}

/** Optional attributes are left out rather than set to null: the module declares them optional(). */
function nodeValue(node: NodeModel): HclValue {
  return obj({
    role: node.role,
    host: node.host,
    vm_id: node.vmId,
    cpu: node.cpu,
    cpu_type: node.cpuType,
    memory: node.memory,
    os_disk: node.osDisk,
    data_disk: node.dataDisk,
    schematic: node.schematic,
    datastore: node.datastore,
    uefi: node.uefi,
    // Resource mapping names: a raw PCI address is refused by the spec rules (pci-needs-mapping).
    pci: node.pciPassthrough,
    address: node.ip,
    nics: node.nics.map((nic) =>
      obj({
        bridge: nic.bridge,
        mac: nic.vmMac ?? nic.mac,
        vlan_id: nic.vlan,
        address: nic.address,
        gateway: nic.gateway,
        mtu: nic.mtu,
        // bpg proxmox network_device.trunks is Proxmox's own "20;30" form.
        trunks: nic.trunks?.join(";"),
        model: nic.model,
      }),
    ),
  });
}

/** What the VMs give the cluster module: their addresses and installers. */
export const PROXMOX_OUTPUTS: PlatformOutputs = {
  nodesExpr: "module.nodes.nodes",
  installerImageExpr: "module.nodes.installer_image",
  classInstallerImageExpr: (schematic) => `module.nodes.class_installer_images[${hclString(schematic)}]`,
};

import { SPEC_DEFAULTS } from "../../../catalog/defaults.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * `local` is never shared: Proxmox defines it on every node as that node's own directory
 * (/var/lib/vz; pve-storage PVE::Storage::Plugin forces storage "local" to one type on all
 * nodes). With imageDatastoreShared the image is downloaded on the first host only
 * (proxmox-nodes image_host), so the VMs of every other host would name a file their `local`
 * does not have, and their creation fails. Several hosts only: on one, the setting changes nothing.
 */
export const proxmoxImageDatastore: Rule = (ctx) => {
  const proxmox = ctx.spec.spec.platform.proxmox;
  if (proxmox?.imageDatastoreShared !== true) return;
  const datastore = proxmox.imageDatastore ?? SPEC_DEFAULTS.ProxmoxPlatformSpec.imageDatastore;
  if (datastore !== "local" || Object.keys(proxmox.hosts).length < 2) return;
  ctx.report({
    code: "spec/image-datastore-shared",
    message: `imageDatastoreShared says ${datastore === proxmox.imageDatastore ? "imageDatastore" : "the default imageDatastore"} "local" is shared, but Proxmox's local storage is each host's own folder: the image would be on the first host only`,
    path: specPath("platform", "proxmox", "imageDatastoreShared"),
    at: "key",
    hint: "name shared storage that every host sees (CephFS, NFS) as imageDatastore, or remove imageDatastoreShared (one download per host)",
  });
};

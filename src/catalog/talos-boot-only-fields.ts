/**
 * The parts of a v1alpha1 machine configuration that a running Talos 1.13 node cannot take in
 * place. An apply in AUTO mode (the talos provider's only mode) asks Runtime.CanApplyImmediate,
 * which copies the fields listed below from the running configuration into the new one and
 * reboots the node if anything else differs (talos v1.13.0 internal/app/machined/pkg/runtime/
 * v1alpha1/v1alpha1_runtime.go CanApplyImmediate; v1alpha1_server.go ApplyConfiguration). Other
 * documents (multi-doc kinds) are never compared. Talos 1.14 dropped the reboot: AUTO is always
 * NO_REBOOT (commit 995bc30d5), so there these fields wait for the node's next reboot (machine
 * files, for one, are written by the boot sequence only: v1alpha1_sequencer.go WriteUserFiles).
 */

/** Top-level keys applied in place: everything else (version, persist) reboots. */
const IN_PLACE = new Set(["debug", "cluster", "machine"]);

/** machine.* keys applied in place (the copies in CanApplyImmediate, by their YAML names). */
const MACHINE_IN_PLACE = new Set([
  "ca",
  "acceptedCAs",
  "time",
  "certSANs",
  "install",
  "network",
  "sysfs",
  "sysctls",
  "logging",
  "controlPlane",
  "kubelet",
  "kernel",
  "registries",
  "pods",
  "seccompProfiles",
  "nodeAnnotations",
  "nodeLabels",
  "nodeTaints",
]);

/**
 * machine.features.* keys applied in place. CanApplyImmediate copies them only when both
 * configurations have a features block; the tree always writes one (KubePrism, patches.ts).
 */
const FEATURES_IN_PLACE = new Set(["kubernetesTalosAPIAccess", "kubePrism", "hostDNS", "imageCache", "nodeAddressSortAlgorithm"]);

type Document = Record<string, unknown>;

function isMap(value: unknown): value is Document {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * What of a patch document only a boot applies, as a document of those keys; undefined for a
 * multi-doc kind (it has `kind`) or when the patch touches none of them.
 */
export function bootOnlyFields(document: unknown): Document | undefined {
  if (!isMap(document) || "kind" in document) return undefined;
  const found: Document = {};
  for (const [key, value] of Object.entries(document)) {
    if (!IN_PLACE.has(key)) found[key] = value;
  }
  const machine = document["machine"];
  if (isMap(machine)) {
    const fields: Document = {};
    for (const [key, value] of Object.entries(machine)) {
      if (key === "features" && isMap(value)) {
        const features = Object.entries(value).filter(([name]) => !FEATURES_IN_PLACE.has(name));
        if (features.length > 0) fields["features"] = Object.fromEntries(features);
      } else if (!MACHINE_IN_PLACE.has(key) && key !== "features") fields[key] = value;
    }
    if (Object.keys(fields).length > 0) found["machine"] = fields;
  }
  return Object.keys(found).length === 0 ? undefined : found;
}

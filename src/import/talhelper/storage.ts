/**
 * talhelper's volumes (VolumeConfig of EPHEMERAL and STATE), userVolumes (UserVolumeConfig) and
 * machineDisks (v1alpha1 machine.disks) as the spec's: nodes[].volumes, nodes[].userVolumes, and
 * machine.disks kept as a node patch. talhelper passes each straight into the Talos document of
 * that name (talhelper pkg/talos/volumeconfig.go, uservolumeconfig.go), so the fields are Talos's
 * own (machinery config/types/block volume_config.go, user_volume_config.go, encryption.go).
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { EncryptionKeyKind, EphemeralVolumeSpec, StaticKey, SystemVolumes, TalosPatch, UserVolumeSpec, VolumeEncryption } from "../../spec/types.js";
import { isRecord, notCarried, secretOrTextAt, stringAt, unsupported, type ImportContext } from "./context.js";

function items(ctx: ImportContext, path: PathSegment[], value: unknown): Array<[PathSegment[], Record<string, unknown>]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    unsupported(ctx, path, `${String(path[path.length - 1])} is not a list`, "fix the talconfig first");
    return [];
  }
  return value.flatMap((item, i): Array<[PathSegment[], Record<string, unknown>]> => (isRecord(item) ? [[[...path, i], item]] : []));
}

function others(ctx: ImportContext, path: PathSegment[], value: Record<string, unknown>, read: readonly string[], destination: string): void {
  for (const key of Object.keys(value)) if (!read.includes(key)) notCarried(ctx, [...path, key], destination);
}

/** provisioning: { diskSelector: { match }, minSize, maxSize, grow }, as the spec's flat fields. */
function provisioning(ctx: ImportContext, path: PathSegment[], value: unknown): { disk?: string; minSize?: string; maxSize?: string; grow?: boolean } {
  if (!isRecord(value)) return {};
  others(ctx, path, value, ["diskSelector", "minSize", "maxSize", "grow"], "a volume document in nodes[].patches");
  const selector = isRecord(value["diskSelector"]) ? value["diskSelector"] : {};
  const disk = stringAt(ctx, [...path, "diskSelector", "match"], selector["match"]);
  const minSize = stringAt(ctx, [...path, "minSize"], value["minSize"]);
  const maxSize = stringAt(ctx, [...path, "maxSize"], value["maxSize"]);
  return {
    ...(disk === undefined ? {} : { disk }),
    ...(minSize === undefined ? {} : { minSize }),
    ...(maxSize === undefined ? {} : { maxSize }),
    ...(typeof value["grow"] === "boolean" ? { grow: value["grow"] } : {}),
  };
}

/** LUKS2 keys in slot order: tpm and nodeID, a static passphrase only as a sensitive variable. */
function encryption(ctx: ImportContext, path: PathSegment[], value: unknown, staticKeys: boolean): VolumeEncryption | undefined {
  if (!isRecord(value)) return undefined;
  others(ctx, path, value, ["provider", "keys"], "a volume document in nodes[].patches (encryption options the spec does not type)");
  const provider = stringAt(ctx, [...path, "provider"], value["provider"]);
  if (provider !== undefined && provider !== "luks2") {
    unsupported(ctx, [...path, "provider"], `the encryption provider ${provider} is not luks2, the one Talos has`, "fix the talconfig first");
    return undefined;
  }
  const keys = items(ctx, [...path, "keys"], value["keys"])
    .map(([keyPath, key]) => ({ keyPath, key, slot: typeof key["slot"] === "number" ? key["slot"] : Infinity }))
    .sort((a, b) => a.slot - b.slot)
    .flatMap(({ keyPath, key }): Array<EncryptionKeyKind | StaticKey> => {
      if (isRecord(key["tpm"])) return ["tpm"];
      if (isRecord(key["nodeID"])) return ["nodeID"];
      const passphrase = isRecord(key["static"]) ? key["static"]["passphrase"] : undefined;
      if (passphrase !== undefined && staticKeys) {
        const secret = secretOrTextAt(ctx, [...keyPath, "static", "passphrase"], passphrase);
        if (typeof secret === "object") return [{ static: secret }];
        // A passphrase written out is a secret in the talconfig: never into the spec.
        unsupported(
          ctx,
          [...keyPath, "static", "passphrase"],
          "a static key's passphrase is written in the talconfig",
          "the spec takes a passphrase only from a sensitive variable: write ${NAME} in the talconfig (talenv) and import again, or { static: { variable: name } } in the spec",
        );
        return [];
      }
      notCarried(ctx, keyPath, "a volume document in nodes[].patches (a key kind the spec does not type)");
      return [];
    });
  if (keys.length === 0) return undefined;
  const lockToState = Array.isArray(value["keys"]) && value["keys"].some((k) => isRecord(k) && k["lockToState"] === true);
  return { keys, ...(lockToState ? { lockToState: true } : {}) };
}

export function importUserVolumes(ctx: ImportContext, path: PathSegment[], value: unknown): UserVolumeSpec[] {
  return items(ctx, path, value).flatMap(([itemPath, item]) => {
    others(ctx, itemPath, item, ["name", "volumeType", "provisioning", "filesystem", "encryption"], "a UserVolumeConfig in nodes[].patches");
    const name = stringAt(ctx, [...itemPath, "name"], item["name"]);
    const type = stringAt(ctx, [...itemPath, "volumeType"], item["volumeType"]);
    if (type !== undefined && type !== "partition") {
      notCarried(ctx, [...itemPath, "volumeType"], "a UserVolumeConfig in nodes[].patches (the spec's user volumes are partitions)");
      return [];
    }
    const sizing = provisioning(ctx, [...itemPath, "provisioning"], item["provisioning"]);
    if (name === undefined || sizing.disk === undefined) {
      unsupported(ctx, itemPath, "a user volume needs its name and provisioning.diskSelector.match", "fix the talconfig first");
      return [];
    }
    const volume: UserVolumeSpec = { name, disk: sizing.disk, ...withoutDisk(sizing) };
    const fs = isRecord(item["filesystem"]) ? stringAt(ctx, [...itemPath, "filesystem", "type"], item["filesystem"]["type"]) : undefined;
    if (fs === "xfs" || fs === "ext4") volume.filesystem = fs;
    else if (fs !== undefined) notCarried(ctx, [...itemPath, "filesystem", "type"], "a UserVolumeConfig in nodes[].patches (xfs and ext4 only)");
    const keys = encryption(ctx, [...itemPath, "encryption"], item["encryption"], true);
    if (keys !== undefined) volume.encryption = keys;
    return [volume];
  });
}

function withoutDisk(sizing: { disk?: string; minSize?: string; maxSize?: string; grow?: boolean }): Omit<EphemeralVolumeSpec, "disk" | "encryption"> {
  const { disk: _disk, ...rest } = sizing;
  return rest;
}

/** EPHEMERAL (its disk, sizes and encryption) and STATE (its encryption, tpm and nodeID keys). */
export function importVolumes(ctx: ImportContext, path: PathSegment[], value: unknown): SystemVolumes | undefined {
  const out: SystemVolumes = {};
  for (const [itemPath, item] of items(ctx, path, value)) {
    const name = stringAt(ctx, [...itemPath, "name"], item["name"]);
    if (name === "EPHEMERAL") {
      others(ctx, itemPath, item, ["name", "provisioning", "encryption"], "a VolumeConfig in nodes[].patches");
      const ephemeral: EphemeralVolumeSpec = { ...provisioning(ctx, [...itemPath, "provisioning"], item["provisioning"]) };
      const keys = encryption(ctx, [...itemPath, "encryption"], item["encryption"], true);
      if (keys !== undefined) ephemeral.encryption = keys;
      out.ephemeral = ephemeral;
    } else if (name === "STATE") {
      // STATE takes only encryption (machinery block/volume_config.go Validate), and no static key.
      others(ctx, itemPath, item, ["name", "encryption"], "nothing: Talos takes only STATE's encryption");
      const keys = encryption(ctx, [...itemPath, "encryption"], item["encryption"], false);
      if (keys !== undefined) out.state = { encryption: { keys: keys.keys.filter((k): k is EncryptionKeyKind => typeof k === "string") } };
    } else notCarried(ctx, itemPath, "a VolumeConfig in nodes[].patches (the spec types EPHEMERAL and STATE)");
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * machineDisks (v1alpha1 machine.disks): partitions Talos made at install and mounts where they
 * say. A user volume would be a new partition at another path, not the data there, so the
 * running disks stay as they are: the same machine.disks, as the node's own patch.
 */
export function importMachineDisks(ctx: ImportContext, path: PathSegment[], value: unknown): TalosPatch | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => !isRecord(item))) {
    unsupported(ctx, path, "machineDisks is not a list of disks", "fix the talconfig first");
    return undefined;
  }
  return { machine: { disks: value } } as TalosPatch;
}

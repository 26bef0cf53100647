import type { ClusterSpec } from "../spec/types.js";
import type { BackendModel, S3BackendModel } from "./model.js";
import { byKey } from "../base/compare.js";
import { SPEC_DEFAULTS } from "../catalog/defaults.js";

export function normalizeBackend(spec: ClusterSpec): BackendModel {
  const backend = spec.spec.backend;
  if (backend?.s3 === undefined) {
    const local: BackendModel = { kind: "local" };
    if (backend?.local?.path !== undefined) local.path = backend.local.path;
    return local;
  }
  const s3 = backend.s3;
  const model: S3BackendModel = {
    kind: "s3",
    bucket: s3.bucket,
    key: s3.key,
    region: s3.region,
    endpoints: byKey(s3.endpoints ?? {}).map(([name, url]) => ({ name, url: url ?? "" })),
    usePathStyle: s3.usePathStyle ?? SPEC_DEFAULTS.S3BackendSpec.usePathStyle,
    skipChecks: s3.skipChecks ?? SPEC_DEFAULTS.S3BackendSpec.skipChecks,
    // The state holds the cluster's machine secrets and kubeconfig: encrypt unless told not to.
    encrypt: s3.encrypt ?? SPEC_DEFAULTS.S3BackendSpec.encrypt,
    // S3-native locking (OpenTofu >= 1.10, Terraform >= 1.11) needs no DynamoDB table.
    useLockfile: s3.useLockfile ?? SPEC_DEFAULTS.S3BackendSpec.useLockfile,
  };
  if (s3.kmsKeyId !== undefined) model.kmsKeyId = s3.kmsKeyId;
  if (s3.workspaceKeyPrefix !== undefined) model.workspaceKeyPrefix = s3.workspaceKeyPrefix;
  return model;
}

/**
 * The tree's S3 backend as a standalone `backend "s3" {...}` block, for tofu-controller's
 * spec.backendConfig.customConfiguration. The runner writes it, wrapped in `terraform {}`, to
 * backend_override.tf (flux-iac/tofu-controller runner/server.go, WriteBackendConfig), and an
 * override file's backend replaces the one in versions.tf: the same block, so state stays where
 * a `tofu apply` from a workstation puts it. Mirrors templates/root/versions.tf.hbs.
 */
import type { S3BackendModel } from "../../model/model.js";
import { obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";

export function s3BackendBlock(s3: S3BackendModel): string {
  const attributes: Array<[string, HclValue | undefined]> = [
    ["bucket", s3.bucket],
    ["key", s3.key],
    ["region", s3.region],
    ["workspace_key_prefix", s3.workspaceKeyPrefix],
    ["endpoints", s3.endpoints.length === 0 ? undefined : obj(new Map(s3.endpoints.map((e) => [e.name, e.url])))],
    ["encrypt", s3.encrypt],
    ["kms_key_id", s3.kmsKeyId],
    ["use_lockfile", s3.useLockfile],
    ["use_path_style", s3.usePathStyle],
  ];
  if (s3.skipChecks) {
    for (const flag of SKIP_FLAGS) attributes.push([flag, true]);
  }
  return `backend "s3" ${renderHclValue(obj(new Map(attributes)))}\n`;
}

/** What S3-compatible stores need: no AWS account, IAM or STS to check against. */
const SKIP_FLAGS = [
  "skip_credentials_validation",
  "skip_region_validation",
  "skip_requesting_account_id",
  "skip_metadata_api_check",
  "skip_s3_checksum",
] as const;

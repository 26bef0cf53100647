/**
 * Provider source addresses, `[HOSTNAME/]NAMESPACE/TYPE`
 * (https://developer.hashicorp.com/terraform/language/providers/requirements#source-addresses).
 * Terraform fills in registry.terraform.io and OpenTofu registry.opentofu.org; both name the
 * same providers, so the mirror serves each schema under both hosts and keys them alike.
 */

export const TERRAFORM_REGISTRY = "registry.terraform.io";
export const OPENTOFU_REGISTRY = "registry.opentofu.org";
export const PUBLIC_REGISTRIES: readonly string[] = [TERRAFORM_REGISTRY, OPENTOFU_REGISTRY];

export interface ProviderAddress {
  host: string;
  namespace: string;
  name: string;
}

const PART = /^[a-z0-9][a-z0-9_-]*$/;

/** Addresses are case-insensitive; everything is lower-cased here. */
export function parseProviderSource(source: string): ProviderAddress | undefined {
  const parts = source.trim().toLowerCase().split("/");
  const [host, namespace, name] = parts.length === 2 ? [TERRAFORM_REGISTRY, parts[0], parts[1]] : parts.length === 3 ? parts : [];
  if (host === undefined || namespace === undefined || name === undefined) return undefined;
  if (!PART.test(namespace) || !PART.test(name)) return undefined;
  return { host, namespace, name };
}

/** One key per provider: `ns/name` on the public registries, `host/ns/name` elsewhere. */
export function providerKey(address: ProviderAddress): string {
  const local = `${address.namespace}/${address.name}`;
  return PUBLIC_REGISTRIES.includes(address.host) ? local : `${address.host}/${local}`;
}

export function formatAddress(address: ProviderAddress): string {
  return `${address.host}/${address.namespace}/${address.name}`;
}

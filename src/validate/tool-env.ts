/**
 * The environment tofu/terraform runs with. Variables that would let the user's settings
 * leak into (or out of) the scratch run are removed: a plugin cache would receive our stubs,
 * TF_DATA_DIR would move `.terraform/` out of the scratch dir, TF_CLI_ARGS* would change the
 * output format, TF_REATTACH_PROVIDERS would bypass the mirror, TF_LOG would flood stderr
 * (https://developer.hashicorp.com/terraform/cli/config/environment-variables).
 */

const REMOVED = new Set([
  "TF_PLUGIN_CACHE_DIR",
  "TF_PLUGIN_CACHE_MAY_BREAK_DEPENDENCY_LOCK_FILE",
  "TF_DATA_DIR",
  "TF_WORKSPACE",
  "TF_LOG",
  "TF_LOG_CORE",
  "TF_LOG_PROVIDER",
  "TF_LOG_PATH",
  "TF_REATTACH_PROVIDERS",
  "TF_DISABLE_PLUGIN_TLS",
  "TF_SKIP_PROVIDER_VERIFY",
]);

export interface OfflineEnv {
  cliConfigFile: string;
  home: string;
  stubTrace: string;
}

export function toolEnv(base: Readonly<Record<string, string | undefined>>, offline?: OfflineEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined || REMOVED.has(key) || key.startsWith("TF_CLI_ARGS")) continue;
    env[key] = value;
  }
  env["TF_IN_AUTOMATION"] = "1";
  env["CHECKPOINT_DISABLE"] = "1";
  if (offline !== undefined) {
    // Our CLI config replaces the user's; HOME keeps ~/.terraformrc and ~/.terraform.d away.
    env["TF_CLI_CONFIG_FILE"] = offline.cliConfigFile;
    env["HOME"] = offline.home;
    env["TALOS_HCLGEN_STUB_TRACE"] = offline.stubTrace;
  }
  return env;
}

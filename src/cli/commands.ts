/**
 * The command table. Each command is a separate module loaded on demand, so `talos-hclgen
 * --version` or a pre-commit `build` never pays for the schema explorer or the validator.
 */
import type { CommandRunner } from "./io.js";

export interface CommandEntry {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  load(): Promise<CommandRunner>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "build",
    summary: "compile specs into OpenTofu/Terraform trees, or --check that they are up to date",
    load: async () => (await import("./commands/build.js")).runBuildCommand,
  },
  {
    name: "impact",
    summary: "say what going from one machines.lock.json to another does to running machines",
    load: async () => (await import("./commands/impact.js")).runImpactCommand,
  },
  {
    name: "validate",
    summary: "run tofu/terraform validate on a generated tree",
    load: async () => (await import("./commands/validate.js")).runValidateCommand,
  },
  {
    name: "init",
    summary: "write a commented starter spec",
    load: async () => (await import("./commands/init.js")).runInitCommand,
  },
  {
    name: "import",
    summary: "write the spec of a cluster made with talhelper (import talhelper talconfig.yaml)",
    load: async () => (await import("./commands/import.js")).runImportCommand,
  },
  {
    name: "schema",
    summary: "print the spec's JSON Schema",
    load: async () => (await import("./commands/schema.js")).runSchemaCommand,
  },
  {
    name: "explain",
    summary: 'document a spec field, e.g. "explain nodes[].role"',
    load: async () => (await import("./commands/explain.js")).runExplainCommand,
  },
];

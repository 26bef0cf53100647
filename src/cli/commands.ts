/**
 * The command table. Each command is a separate module loaded on demand, so `talos-hclgen
 * --version` or a pre-commit `build` never pays for the schema explorer or the validator.
 */
import type { OptionSpecs } from "./args.js";
import type { CommandInfo, CommandRunner } from "./io.js";

export interface CommandEntry extends CommandInfo {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  load(): Promise<CommandRunner>;
  /** Its options, as its parser reads them: for shell completion. */
  options(): Promise<OptionSpecs>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "build",
    summary: "compile specs into OpenTofu/Terraform trees, or --check that they are up to date",
    // Not handed the table: its third parameter is for the tests' stand-ins (BuildDeps).
    load: async () => {
      const { runBuildCommand } = await import("./commands/build.js");
      return (argv, io) => runBuildCommand(argv, io);
    },
    options: async () => (await import("./commands/build.js")).OPTIONS,
  },
  {
    name: "impact",
    summary: "say what going from one machines.lock.json to another does to running machines",
    load: async () => (await import("./commands/impact.js")).runImpactCommand,
    options: async () => (await import("./commands/impact.js")).OPTIONS,
  },
  {
    name: "validate",
    summary: "run tofu/terraform validate on a generated tree",
    load: async () => (await import("./commands/validate.js")).runValidateCommand,
    options: async () => (await import("./commands/validate.js")).OPTIONS,
  },
  {
    name: "init",
    summary: "write a commented starter spec",
    load: async () => (await import("./commands/init.js")).runInitCommand,
    options: async () => (await import("./commands/init.js")).OPTIONS,
  },
  {
    name: "import",
    summary: "write the spec of a cluster made with talhelper (import talhelper talconfig.yaml)",
    load: async () => (await import("./commands/import.js")).runImportCommand,
    options: async () => (await import("./commands/import.js")).OPTIONS,
  },
  {
    name: "schema",
    summary: "print the spec's JSON Schema",
    load: async () => (await import("./commands/schema.js")).runSchemaCommand,
    options: async () => (await import("./commands/schema.js")).OPTIONS,
  },
  {
    name: "explain",
    summary: 'document a spec field, e.g. "explain nodes[].role"',
    load: async () => (await import("./commands/explain.js")).runExplainCommand,
    options: async () => (await import("./commands/explain.js")).OPTIONS,
  },
  {
    name: "completion",
    summary: "print the shell completion script for bash, zsh, fish or powershell",
    load: async () => (await import("./commands/completion.js")).runCompletionCommand,
    options: async () => (await import("./commands/completion.js")).OPTIONS,
  },
];

/**
 * What shell completion knows about the CLI: the commands and their options (each command
 * module's OPTIONS, the same table its parser reads), the values some options and arguments
 * take, and every spec field `explain` documents (the schema's own paths, field-index.ts).
 * Each shell's script is written from this one model (bash.ts, zsh.ts, fish.ts,
 * powershell.ts), so a new option reaches every shell with no edit here.
 */
import type { OptionSpecs } from "../args.js";

export interface CompletedOption {
  long: string;
  short?: string;
  /** What follows it: a file or folder, or one of a few words. */
  value?: { files: true } | { words: readonly string[] };
}

export interface CompletedCommand {
  name: string;
  summary: string;
  options: readonly CompletedOption[];
  /** The command's arguments: files (specs, trees), or one of a few words, or spec fields. */
  positional: "files" | "fields" | { words: readonly string[] };
}

export interface CompletionModel {
  commands: readonly CompletedCommand[];
  /** Spec field paths, for explain (spec.nodes[].role is written nodes[].role too). */
  fields: readonly string[];
}

export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;
export type Shell = (typeof SHELLS)[number];

/** Options whose value is one of a few words; every other string option takes a path. */
const OPTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  "init --platform": ["proxmox", "hcloud", "metal"],
};

/** Arguments that are one of a few words, or spec fields, instead of files. */
const POSITIONALS: Readonly<Record<string, CompletedCommand["positional"]>> = {
  explain: "fields",
  import: { words: ["talhelper"] },
  completion: { words: SHELLS },
  schema: { words: [] },
};

export function completedOptions(command: string, options: OptionSpecs): CompletedOption[] {
  return Object.entries(options).map(([long, spec]) => {
    const words = OPTION_WORDS[`${command} --${long}`];
    const value = spec.type === "boolean" ? undefined : words === undefined ? ({ files: true } as const) : { words };
    return { long: `--${long}`, ...(spec.short === undefined ? {} : { short: `-${spec.short}` }), ...(value === undefined ? {} : { value }) };
  });
}

export function positionalOf(command: string): CompletedCommand["positional"] {
  return POSITIONALS[command] ?? "files";
}

/** Every word of the model as a shell sees it: letters, digits and `-_.[]<>"/` only (checked by the generator). */
export function allWords(model: CompletionModel): string[] {
  return [
    ...model.commands.flatMap((c) => [c.name, ...c.options.flatMap((o) => [o.long, ...(o.short === undefined ? [] : [o.short])])]),
    ...model.commands.flatMap((c) => c.options.flatMap((o) => (o.value !== undefined && "words" in o.value ? o.value.words : []))),
    ...model.fields,
  ];
}

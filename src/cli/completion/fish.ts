/**
 * fish: `complete` rules (fish docs, "complete"), one per command, option and argument kind.
 * -n conditions use fish's own __fish_use_subcommand and __fish_seen_subcommand_from; fish
 * quotes what it inserts, so spec fields with "[" reach explain as written.
 */
import type { CompletionModel } from "./model.js";

const quoted = (text: string): string => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

export function fishScript(model: CompletionModel): string {
  const lines = ["complete -c talos-hclgen -f"];
  for (const c of model.commands) lines.push(`complete -c talos-hclgen -n __fish_use_subcommand -a ${c.name} -d ${quoted(c.summary)}`);
  for (const c of model.commands) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    for (const o of c.options) {
      const names = `-l ${o.long.slice(2)}${o.short === undefined ? "" : ` -s ${o.short.slice(1)}`}`;
      const value = o.value === undefined ? "" : "words" in o.value ? ` -x -a ${quoted(o.value.words.join(" "))}` : " -r -F";
      lines.push(`complete -c talos-hclgen ${when} ${names}${value}`);
    }
    if (c.positional === "files") lines.push(`complete -c talos-hclgen ${when} -F`);
    else if (c.positional === "fields") lines.push(`complete -c talos-hclgen ${when} -a '(__talos_hclgen_fields)'`);
    else if (c.positional.words.length > 0) lines.push(`complete -c talos-hclgen ${when} -a ${quoted(c.positional.words.join(" "))}`);
  }
  // A field holds "<" and "[", which fish would read as a redirection and a slice in -a's
  // argument: a function prints them instead, one quoted word each.
  return `# talos-hclgen completion for fish. Load it once:
#   talos-hclgen completion fish > ~/.config/fish/completions/talos-hclgen.fish
function __talos_hclgen_fields
    printf '%s\\n' ${model.fields.map(quoted).join(" ")}
end
${lines.join("\n")}
`;
}

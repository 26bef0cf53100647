/**
 * zsh: a completion function for compsys (zshcompsys(1): _arguments and _describe), loaded
 * with compdef. Option specs are `--name` for a flag and `--name:value:action` for one that
 * takes the next word; descriptions are left out, so no spec needs zsh's own escaping.
 */
import type { CompletedCommand, CompletionModel } from "./model.js";

const quoted = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

function argumentSpecs(command: CompletedCommand): string[] {
  const specs = command.options.flatMap((o) => {
    const action = o.value === undefined ? "" : "words" in o.value ? `:value:(${o.value.words.join(" ")})` : ":file:_files";
    return [o.long, ...(o.short === undefined ? [] : [o.short])].map((name) => quoted(`${name}${action}`));
  });
  const positional =
    command.positional === "fields"
      ? quoted("*:field:->fields")
      : command.positional === "files"
        ? quoted("*:file:_files")
        : quoted(`*:argument:(${command.positional.words.join(" ")})`);
  return [...specs, positional];
}

export function zshScript(model: CompletionModel): string {
  const commands = model.commands.map((c) => `    ${quoted(`${c.name}:${c.summary.replace(/:/g, "\\:")}`)}`).join("\n");
  const cases = model.commands.map((c) => `    ${c.name}) _arguments -s ${argumentSpecs(c).join(" ")} ;;`).join("\n");
  return `#compdef talos-hclgen
# talos-hclgen completion for zsh. Load it in ~/.zshrc (after compinit):
#   source <(talos-hclgen completion zsh)
_talos_hclgen() {
  local state
  local -a commands fields
  commands=(
${commands}
  )
  fields=(${model.fields.map(quoted).join(" ")})
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  words=("\${(@)words[2,-1]}")
  (( CURRENT-- ))
  case $words[1] in
${cases}
  esac
  # compadd quotes "[" and "<" as it inserts a field, so explain receives it as written.
  if [[ $state == fields ]]; then compadd -- "\${fields[@]}"; fi
}
compdef _talos_hclgen talos-hclgen
`;
}

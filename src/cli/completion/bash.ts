/**
 * bash: one function for `complete -F` (bash manual, "Programmable Completion"). It finds the
 * command as the first word that is no option, then offers that command's options, the value
 * an option takes (its words, or files), or its arguments. Spec fields hold "[" and "<", which
 * bash quotes when it inserts them (compopt -o filenames), so explain receives them as written.
 */
import type { CompletionModel } from "./model.js";

const words = (list: readonly string[]): string => list.join(" ");

export function bashScript(model: CompletionModel): string {
  const commands = model.commands.map((c) => c.name);
  const cases = model.commands
    .map((command) => {
      const options = command.options.flatMap((o) => [o.long, ...(o.short === undefined ? [] : [o.short])]);
      const values = command.options
        .filter((o) => o.value !== undefined)
        .map((o) => {
          const names = [o.long, ...(o.short === undefined ? [] : [o.short])].join("|");
          const reply =
            o.value !== undefined && "words" in o.value
              ? `COMPREPLY=($(compgen -W "${words(o.value.words)}" -- "$cur"))`
              : `COMPREPLY=($(compgen -f -- "$cur"))`;
          return `        ${names}) ${reply}; return ;;`;
        });
      const positional =
        command.positional === "fields"
          ? 'COMPREPLY=($(compgen -W "$_talos_hclgen_fields" -- "$cur"))'
          : command.positional === "files"
            ? 'COMPREPLY=($(compgen -f -- "$cur"))'
            : `COMPREPLY=($(compgen -W "${words(command.positional.words)}" -- "$cur"))`;
      return [
        `    ${command.name})`,
        ...(values.length === 0 ? [] : ['      case "$prev" in', ...values, "      esac"]),
        `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${words(options)}" -- "$cur")); else ${positional}; fi`,
        "      ;;",
      ].join("\n");
    })
    .join("\n");
  return `# talos-hclgen completion for bash. Load it in ~/.bashrc:
#   source <(talos-hclgen completion bash)
_talos_hclgen_fields="${words(model.fields)}"
_talos_hclgen() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  compopt -o filenames 2>/dev/null
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) cmd="\${COMP_WORDS[i]}"; break ;; esac
  done
  case "$cmd" in
    "") COMPREPLY=($(compgen -W "${words(commands)} --help --version" -- "$cur")) ;;
${cases}
  esac
}
complete -F _talos_hclgen talos-hclgen
`;
}

/**
 * PowerShell: a native argument completer (Register-ArgumentCompleter -Native, PowerShell
 * docs about_Functions_Argument_Completion). The command is the first element after the
 * program that is no option. A spec field is offered in single quotes, since "<" is an
 * operator and "[" a wildcard to PowerShell.
 */
import type { CompletionModel } from "./model.js";

const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;
const list = (items: readonly string[]): string => `@(${items.map(quoted).join(", ")})`;

export function powershellScript(model: CompletionModel): string {
  const options = model.commands
    .map((c) => `    ${quoted(c.name)} = ${list(c.options.flatMap((o) => [o.long, ...(o.short === undefined ? [] : [o.short])]))}`)
    .join("\n");
  const words = model.commands
    .filter((c) => typeof c.positional === "object")
    .map((c) => `    ${quoted(c.name)} = ${list(typeof c.positional === "object" ? c.positional.words : [])}`)
    .join("\n");
  return `# talos-hclgen completion for PowerShell. Load it in your profile:
#   talos-hclgen completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName talos-hclgen -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $commands = ${list(model.commands.map((c) => c.name))}
  $options = @{
${options}
  }
  $words = @{
${words}
  }
  $fields = ${list(model.fields)}
  $elements = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
  if ($wordToComplete -ne '' -and $elements.Count -gt 0) { $elements = @($elements | Select-Object -SkipLast 1) }
  $command = $elements | Where-Object { -not $_.StartsWith('-') } | Select-Object -First 1
  if ($null -eq $command) { $candidates = $commands + @('--help', '--version'); $quote = $false }
  elseif ($wordToComplete.StartsWith('-')) { $candidates = $options[$command]; $quote = $false }
  elseif ($command -eq 'explain') { $candidates = $fields; $quote = $true }
  elseif ($words.ContainsKey($command)) { $candidates = $words[$command]; $quote = $false }
  else { return }
  $typed = $wordToComplete.Trim("'")
  foreach ($candidate in $candidates) {
    if ($candidate.StartsWith($typed)) {
      $text = if ($quote) { "'" + $candidate + "'" } else { $candidate }
      [System.Management.Automation.CompletionResult]::new($text, $candidate, 'ParameterValue', $candidate)
    }
  }
}
`;
}

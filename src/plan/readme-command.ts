/**
 * The README's rebuild command, `npx talos-hclgen build <spec> -o .`, is meant to be pasted
 * into a shell, and the spec's file name can hold anything a file name can: spaces, quotes,
 * `$`, a leading "-" (read as an option), even a line break. So the path is quoted for a
 * POSIX shell when it needs it, and the command is put in a Markdown code span that its
 * own backticks cannot close.
 */

/** Characters no POSIX shell treats specially, in a word that does not start with "-". */
const PLAIN = /^[\w./@%+=:,-]+$/;

/** `path` as one shell word: as is when plain, else in single quotes, or $'...' for control characters. */
export function shellWord(path: string): string {
  // "-x.yaml" would be read as an option: "./-x.yaml" names the same file.
  const word = path.startsWith("-") ? `./${path}` : path;
  if (PLAIN.test(word)) return word;
  // Single quotes keep everything literally except a single quote, which closes them; a
  // control character (a line break) would break the code span, so it gets ANSI-C quoting
  // ($'...', bash, zsh, ksh and POSIX.1-2024 sh), with escapes for what is not printable.
  if (!/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(word)) return `'${word.replace(/'/g, `'\\''`)}'`;
  let quoted = "";
  for (const ch of word) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\\" || ch === "'") quoted += `\\${ch}`;
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029)
      quoted += code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    else quoted += ch;
  }
  return `$'${quoted}'`;
}

/** A Markdown code span showing `text` verbatim: a fence longer than any run of backticks in it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  // A span that starts or ends with a backtick needs a space inside the fence (CommonMark 6.1).
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function rebuildCommand(specPath: string): string {
  return codeSpan(`npx talos-hclgen build ${shellWord(specPath)} -o .`);
}

/**
 * The few ANSI styles the pretty renderer uses. Whether to colour is the CLI's decision
 * (TTY, NO_COLOR, --color); renderers only take a boolean.
 */
export interface Styler {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
}

function wrap(open: number, close: number): (text: string) => string {
  return (text) => (text === "" ? text : `\u001b[${open}m${text}\u001b[${close}m`);
}

const identity = (text: string): string => text;

export function createStyler(color: boolean): Styler {
  if (!color) return { bold: identity, dim: identity, red: identity, yellow: identity, blue: identity, cyan: identity, green: identity };
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), blue: wrap(34, 39), cyan: wrap(36, 39), green: wrap(32, 39) };
}

/** Thrown for text that is not HCL: a template bug, never a user mistake. */
export class HclFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`);
    this.name = "HclFormatError";
  }

  /** The error for `message` at offset `at` of `src`, with a 1-based line and column. */
  static at(src: string, at: number, message: string): HclFormatError {
    const before = src.slice(0, at).split("\n");
    return new HclFormatError(message, before.length, (before.at(-1)?.length ?? 0) + 1);
  }
}

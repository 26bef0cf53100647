/**
 * Unquoted numbers that do not mean what they say. The value a reader gets from these differs
 * from the text, silently:
 *
 * - A leading zero (`mode: 0777`): YAML 1.2's core schema reads it as the decimal 777
 *   (yaml.org/spec/1.2.2 §10.3.2, tag resolution: `[-+]? [0-9]+`), while YAML 1.1 (yaml.org/type/int.html)
 *   and the Go readers of Talos and Kubernetes read 0777 as the octal 511.
 * - An integer past 2^53 - 1 (Number.MAX_SAFE_INTEGER): a JavaScript number keeps about 15-17
 *   digits, so a 30-digit integer reaches the generated tree rounded.
 *
 * Both are warnings at the number, with the hint to quote it. The messages do not quote the
 * number: it may be a credential under a credential key, and the code frame shows it anyway,
 * unless the secret scan hides it.
 */
import type { TextProblem } from "./text-guards.js";

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** `[-+]?[0-9]+`, the shape of a YAML 1.2 decimal integer. */
function isDecimalInteger(source: string): boolean {
  const first = source.charCodeAt(0);
  let i = first === 43 || first === 45 ? 1 : 0;
  if (i === source.length) return false;
  for (; i < source.length; i++) if (!isDigit(source.charCodeAt(i))) return false;
  return true;
}

/** An integer in any notation YAML 1.2 resolves as one: decimal, 0o octal, 0x hexadecimal. */
function isInteger(source: string): boolean {
  return isDecimalInteger(source) || /^0o[0-7]+$/.test(source) || /^0x[0-9a-fA-F]+$/.test(source);
}

/** The problem with a plain scalar that resolved to `value` from `source`, if any. */
export function numberLiteralProblem(value: number, source: string, start: number, end: number): TextProblem | undefined {
  const digits = source.charCodeAt(0) === 43 || source.charCodeAt(0) === 45 ? source.slice(1) : source;
  if (digits.length > 1 && digits.charCodeAt(0) === 48 && isDecimalInteger(digits)) {
    return {
      code: "yaml/leading-zero",
      message: "this unquoted number has a leading zero: YAML 1.2 reads it as a decimal number, YAML 1.1 readers (Go, Kubernetes) as an octal one",
      start,
      end,
      hint: "quote it to keep the digits as a string, write 0o… for an octal number, or drop the leading zero for a decimal one",
    };
  }
  if (!Number.isSafeInteger(value) && isInteger(source)) {
    return {
      code: "yaml/imprecise-integer",
      message: "this unquoted integer is too large to be read exactly: it reaches the tree rounded to about 16 digits",
      start,
      end,
      hint: "quote it to keep every digit",
    };
  }
  return undefined;
}

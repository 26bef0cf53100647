/**
 * What a message may quote of a user's value. A diagnostic repeats the value it is about
 * ("(got ...)", a key in its path), and YAML aliases repeat one value up to the alias budget
 * (src/spec/alias-budget.ts): a 900 kB invalid string behind 99 aliases made 180 MB of
 * diagnostics and a 50-second run. A person needs the start of such a value and its length,
 * not all of it; the position in front of the message says where the rest is.
 */

/** Longest value a message quotes whole, in UTF-16 code units. */
export const MAX_QUOTED_LENGTH = 200;
/** How much of a longer one it shows. */
const EXCERPT_LENGTH = 120;

/** `text` whole when short, else its start, an ellipsis and its length: "abc… (900000 characters)". */
export function excerpt(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_QUOTED_LENGTH) return { text, cut: false };
  let end = EXCERPT_LENGTH;
  // Never split a surrogate pair: half of one is not a character a terminal can show.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: `${text.slice(0, end)}…`, cut: true };
}

/** A string quoted (JSON escapes) for a message, shortened as above with its length after it. */
export function quoteExcerpt(text: string): string {
  const short = excerpt(text);
  return short.cut ? `${JSON.stringify(short.text)} (${text.length} characters)` : JSON.stringify(text);
}

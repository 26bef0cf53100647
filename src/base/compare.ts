/**
 * The one ordering of strings the compiler uses: code-unit order, the same on every machine and
 * locale (never localeCompare: its order follows the machine's ICU data and locale).
 */

/** Code-unit order of two strings. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A record's entries sorted by key, so that YAML key order never changes the output. */
export function byKey<T>(record: Record<string, T>): Array<[string, T]> {
  return Object.entries(record).sort(([a], [b]) => compareStrings(a, b));
}

/** An array sorted by a string key of each element, in code-unit order (a copy). */
export function sortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareStrings(key(a), key(b)));
}

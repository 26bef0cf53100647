/**
 * What the program reads from a YAML file it did not write (a spec, a talconfig and the patches
 * it names) may be: untrusted input, bounded before the YAML is composed. Why each bound: the
 * text guards (src/spec/text-guards.ts) and the alias budget (src/spec/alias-budget.ts).
 */

/** A 10 MiB file of small keys needs more than 256 MiB of heap to parse with positions; a 1,000-node spec is about 60 KiB. */
export const MAX_SPEC_BYTES = 1024 * 1024;

/** yaml recurses once per level and overflows the stack near 1,000 levels; every later stage recurses too. */
export const MAX_DEPTH = 64;

/** Values that aliases may repeat in all (a "billion laughs" document expands without bound). */
export const MAX_ALIASED_VALUES = 100_000;

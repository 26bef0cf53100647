/** Nearest candidates to a misspelt name, for "did you mean ...?" hints. */

export function didYouMean(
  input: string,
  candidates: readonly string[],
): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(input.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === lower
        ? 0
        : levenshtein(lower, candidate.toLowerCase());
    // Ties go to the first candidate, so the answer does not depend on hash or locale order.
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

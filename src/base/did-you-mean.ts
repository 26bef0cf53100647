/**
 * "did you mean ...?" suggestions: optimal string alignment distance (Damerau-Levenshtein with
 * adjacent transpositions, each substring edited once), the measure most typo finders use:
 * "wroker" -> "worker" is one edit, not two.
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the table (the one before last for transpositions), not all of it: a key
  // repeated through aliases is measured thousands of times, and a long one made a table of
  // millions of cells.
  let before: number[] = [];
  let previous: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? Infinity) + 1, (current[j - 1] ?? Infinity) + 1, (previous[j - 1] ?? Infinity) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (before[j - 2] ?? Infinity) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? Infinity;
}

/**
 * How many edits still count as a typo: one for short words, growing to a third of the length,
 * so "ntp" never suggests "vip" but "serviceSubnet" finds "serviceSubnets".
 */
function maxEdits(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}

/**
 * The candidate nearest to `input`, or undefined when none is close enough. Case is ignored when
 * measuring ("Role" -> "role"); ties go to the code-unit-smallest candidate so output is stable.
 */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    // The distance is at least the difference in length: most candidates end here.
    const limit = maxEdits(Math.max(input.length, candidate.length));
    if (Math.abs(input.length - candidate.length) > limit) continue;
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance > limit) continue;
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The hint text, or undefined. */
export function didYouMeanHint(input: string, candidates: Iterable<string>): string | undefined {
  const suggestion = didYouMean(input, candidates);
  return suggestion === undefined ? undefined : `did you mean ${JSON.stringify(suggestion)}?`;
}

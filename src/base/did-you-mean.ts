/**
 * "did you mean ...?" suggestions: optimal string alignment distance (Damerau-Levenshtein with
 * adjacent transpositions, each substring edited once), the measure most typo finders use:
 * "wroker" -> "worker" is one edit, not two.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    const row = d[i];
    if (row === undefined) continue;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
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
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance > maxEdits(Math.max(input.length, candidate.length))) continue;
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

/**
 * Provider version constraints (https://developer.hashicorp.com/terraform/language/expressions/version-constraints)
 * and the choice of one version that meets them all, so the offline mirror can offer a
 * version `init` will accept. Operators: `=` (or none), `!=`, `>`, `>=`, `<`, `<=`, `~>`;
 * `~> 1.2.3` allows >= 1.2.3 < 1.3.0, `~> 1.2` and `~> 1` allow up to the next major. A
 * prerelease is chosen only by an exact constraint naming it (same doc).
 */

export interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
  /** How many numeric parts were written (`~>` depends on it). */
  parts: 1 | 2 | 3;
}

type Operator = "=" | "!=" | ">" | ">=" | "<" | "<=" | "~>";

export interface ConstraintTerm {
  op: Operator;
  version: Version;
}

const VERSION_RE = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
const TERM_RE = /^(=|!=|>=|<=|>|<|~>)?\s*(\S+)$/;

export function parseVersion(text: string): Version | undefined {
  const m = VERSION_RE.exec(text.trim());
  if (m === null) return undefined;
  const parts = m[3] !== undefined ? 3 : m[2] !== undefined ? 2 : 1;
  return {
    major: Number(m[1]),
    minor: Number(m[2] ?? 0),
    patch: Number(m[3] ?? 0),
    prerelease: m[4] ?? "",
    parts,
  };
}

export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}${v.prerelease === "" ? "" : `-${v.prerelease}`}`;
}

/** Parses `">= 1.2, < 2"`; returns undefined when any term is malformed (init will say so). */
export function parseConstraint(text: string): ConstraintTerm[] | undefined {
  const terms: ConstraintTerm[] = [];
  for (const raw of text.split(",")) {
    const m = TERM_RE.exec(raw.trim());
    const version = m?.[2] === undefined ? undefined : parseVersion(m[2]);
    if (m === null || version === undefined) return undefined;
    terms.push({ op: (m[1] ?? "=") as Operator, version });
  }
  return terms;
}

function comparePrerelease(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return 1; // a release sorts after its prereleases (semver 11.3)
  if (b === "") return -1;
  const as = a.split(".");
  const bs = b.split(".");
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const x = as[i];
    const y = bs[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (xn !== yn) return xn ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePrerelease(a.prerelease, b.prerelease);
}

const make = (major: number, minor: number, patch: number): Version => ({
  major,
  minor,
  patch,
  prerelease: "",
  parts: 3,
});

function satisfiesTerm(v: Version, { op, version: c }: ConstraintTerm): boolean {
  const cmp = compareVersions(v, c);
  switch (op) {
    case "=":
      return cmp === 0;
    case "!=":
      return cmp !== 0;
    case ">":
      return cmp > 0;
    case ">=":
      return cmp >= 0;
    case "<":
      return cmp < 0;
    case "<=":
      return cmp <= 0;
    case "~>": {
      const upper = c.parts === 3 ? make(c.major, c.minor + 1, 0) : make(c.major + 1, 0, 0);
      return cmp >= 0 && compareVersions(v, upper) < 0;
    }
  }
}

export function satisfiesAll(v: Version, terms: readonly ConstraintTerm[]): boolean {
  // A prerelease is only ever selected by an exact constraint that names it.
  if (v.prerelease !== "" && !terms.some((t) => t.op === "=" && compareVersions(v, t.version) === 0)) return false;
  return terms.every((t) => satisfiesTerm(v, t));
}

/**
 * The lowest version that meets every term, or undefined when they conflict. The answer is
 * always among the versions the terms name, or one step above them (for `>` and `!=`),
 * so trying those in order is enough.
 */
export function pickVersion(terms: readonly ConstraintTerm[]): Version | undefined {
  const candidates: Version[] = [make(0, 0, 1)];
  for (const { version: c } of terms) {
    candidates.push({ ...c, parts: 3 }, make(c.major, c.minor, c.patch + 1), make(c.major, c.minor + 1, 0), make(c.major + 1, 0, 0));
  }
  candidates.sort(compareVersions);
  return candidates.find((v) => satisfiesAll(v, terms));
}

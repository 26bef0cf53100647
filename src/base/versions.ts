/** Talos and Kubernetes minors: "v1.13.9" -> "v1.13", ordered numerically. */

/** "v1.13.9" -> "v1.13" */
export function minorOf(version: string): string {
  const [major, minor] = version.replace(/^v/, "").split(".");
  return `v${major ?? "0"}.${minor ?? "0"}`;
}

/** Orders "v1.9" before "v1.13" (numerically, by major then minor). */
export function compareMinors(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.replace(/^v/, "").split(".").map(Number);
  const [bMajor = 0, bMinor = 0] = b.replace(/^v/, "").split(".").map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

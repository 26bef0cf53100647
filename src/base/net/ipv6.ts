import { parseIPv4 } from "./ipv4.js";

/** IPv6 parsing (RFC 4291 text forms) and canonical formatting (RFC 5952); values are 128-bit bigints. */

const GROUP = /^[0-9A-Fa-f]{1,4}$/;

function parseGroups(text: string): bigint[] | undefined {
  if (text === "") return [];
  const parts = text.split(":");
  const groups: bigint[] = [];
  for (const [index, part] of parts.entries()) {
    // An embedded IPv4 address may only be the last part ("::ffff:192.0.2.1").
    if (index === parts.length - 1 && part.includes(".")) {
      const v4 = parseIPv4(part);
      if (v4 === undefined) return undefined;
      groups.push(v4 >> 16n, v4 & 0xffffn);
    } else if (GROUP.test(part)) {
      groups.push(BigInt(`0x${part}`));
    } else {
      return undefined;
    }
  }
  return groups;
}

export function parseIPv6(text: string): bigint | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === undefined || tail === undefined) return undefined;
  const present = head.length + tail.length;
  // "::" stands for at least one zero group; without it all eight groups must be written.
  if (halves.length === 2 ? present > 7 : present !== 8) return undefined;
  const groups = [...head, ...Array<bigint>(8 - present).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
export function formatIPv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => (value >> BigInt(112 - 16 * i)) & 0xffffn);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0n) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0n) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const text = (from: number, to: number): string =>
    groups
      .slice(from, to)
      .map((g) => g.toString(16))
      .join(":");
  if (bestStart === -1) return text(0, 8);
  return `${text(0, bestStart)}::${text(bestStart + bestLength, 8)}`;
}

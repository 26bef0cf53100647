import { FAMILY_BITS, formatIp, parseIp, type IpAddress, type IpFamily } from "./ip.js";

/**
 * A CIDR block or an interface address with its prefix ("192.168.62.21/24"): the address as
 * written, and the network it belongs to as an inclusive range [first, last].
 */
export interface Cidr {
  family: IpFamily;
  /** The address as written, host bits included. */
  address: IpAddress;
  prefix: number;
  first: bigint;
  last: bigint;
}

export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf("/");
  if (slash === -1) return undefined;
  const address = parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (address === undefined || !/^(?:0|[1-9][0-9]{0,2})$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = FAMILY_BITS[address.family];
  if (prefix > bits) return undefined;
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  const first = address.value & ~hostMask;
  return { family: address.family, address, prefix, first, last: first | hostMask };
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  return cidr.family === ip.family && ip.value >= cidr.first && ip.value <= cidr.last;
}

/** True when every address of `inner` is in `outer`. */
export function cidrContainsCidr(outer: Cidr, inner: Cidr): boolean {
  return outer.family === inner.family && inner.first >= outer.first && inner.last <= outer.last;
}

export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  return a.family === b.family && rangesOverlap(a.first, a.last, b.first, b.last);
}

/** Inclusive ranges. */
export function rangesOverlap(aFirst: bigint, aLast: bigint, bFirst: bigint, bLast: bigint): boolean {
  return aFirst <= bLast && bFirst <= aLast;
}

export function hasHostBits(cidr: Cidr): boolean {
  return cidr.address.value !== cidr.first;
}

/** The block with host bits cleared, as text: "192.168.62.5/24" -> "192.168.62.0/24". */
export function formatNetwork(cidr: Cidr): string {
  return `${formatIp({ family: cidr.family, value: cidr.first })}/${cidr.prefix}`;
}

/** IPv4 blocks of /30 or wider have a network and a broadcast address no host may use. */
export function isNetworkOrBroadcast(cidr: Cidr, ip: IpAddress): "network" | "broadcast" | undefined {
  if (cidr.family !== 4 || ip.family !== 4 || cidr.prefix > 30) return undefined;
  if (ip.value === cidr.first) return "network";
  if (ip.value === cidr.last) return "broadcast";
  return undefined;
}

/** "192.168.1.0/24" -> 24 (of a CIDR the spec already checked). */
export function prefixLengthOf(cidr: string): number {
  return Number(cidr.split("/")[1]);
}

/** "192.168.1.10/24" -> "192.168.1.10" */
export function hostOf(address: string): string {
  return address.split("/")[0] ?? address;
}

import { formatIPv4, parseIPv4 } from "./ipv4.js";
import { formatIPv6, parseIPv6 } from "./ipv6.js";

export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  value: bigint;
}

export const FAMILY_BITS: Readonly<Record<IpFamily, number>> = { 4: 32, 6: 128 };

export function parseIp(text: string): IpAddress | undefined {
  if (text.includes(":")) {
    const value = parseIPv6(text);
    return value === undefined ? undefined : { family: 6, value };
  }
  const value = parseIPv4(text);
  return value === undefined ? undefined : { family: 4, value };
}

export function formatIp(ip: IpAddress): string {
  return ip.family === 4 ? formatIPv4(ip.value) : formatIPv6(ip.value);
}

export function sameIp(a: IpAddress, b: IpAddress): boolean {
  return a.family === b.family && a.value === b.value;
}

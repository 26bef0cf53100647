/** IPv4 dotted-quad parsing and formatting; addresses are unsigned 32-bit values as bigint. */

const OCTET = /^(?:0|[1-9][0-9]{0,2})$/;

/**
 * Parse "192.168.62.20". Leading zeros are refused (Go's net/netip refuses them too, because
 * "010" reads as octal in some tools and as decimal in others).
 */
export function parseIPv4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!OCTET.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

export function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
}

import { describe, expect, it } from "vitest";
import { cidrContains, cidrContainsCidr, cidrsOverlap, formatNetwork, hasHostBits, isNetworkOrBroadcast, parseCidr, type Cidr } from "./cidr.js";
import { parseIp, type IpAddress } from "./ip.js";

function cidr(text: string): Cidr {
  const parsed = parseCidr(text);
  if (parsed === undefined) throw new Error(`test setup: ${text} is not a CIDR`);
  return parsed;
}

function ip(text: string): IpAddress {
  const parsed = parseIp(text);
  if (parsed === undefined) throw new Error(`test setup: ${text} is not an IP`);
  return parsed;
}

describe("parseCidr", () => {
  it("keeps the address as written and computes the block", () => {
    const c = cidr("192.168.62.21/24");
    expect(c.prefix).toBe(24);
    expect(formatNetwork(c)).toBe("192.168.62.0/24");
    expect(c.last).toBe(ip("192.168.62.255").value);
    expect(hasHostBits(c)).toBe(true);
  });

  it("handles the extremes of both families", () => {
    expect(formatNetwork(cidr("0.0.0.0/0"))).toBe("0.0.0.0/0");
    expect(cidr("10.0.0.1/32").first).toBe(cidr("10.0.0.1/32").last);
    expect(formatNetwork(cidr("2001:db8::1/64"))).toBe("2001:db8::/64");
    expect(cidr("::/0").last).toBe((1n << 128n) - 1n);
  });

  it.each(["10.0.0.0", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/08", "2001:db8::/129", "10.0.0/8", "/8", "10.0.0.0/"])("refuses %j", (text) => {
    expect(parseCidr(text)).toBeUndefined();
  });
});

describe("containment and overlap", () => {
  it("contains addresses of its own family only", () => {
    expect(cidrContains(cidr("192.168.62.0/24"), ip("192.168.62.255"))).toBe(true);
    expect(cidrContains(cidr("192.168.62.0/24"), ip("192.168.63.0"))).toBe(false);
    expect(cidrContains(cidr("::/0"), ip("10.0.0.1"))).toBe(false);
    expect(cidrContains(cidr("fd00::/8"), ip("fd12::1"))).toBe(true);
  });

  it("contains blocks", () => {
    expect(cidrContainsCidr(cidr("10.0.0.0/16"), cidr("10.0.1.0/24"))).toBe(true);
    expect(cidrContainsCidr(cidr("10.0.1.0/24"), cidr("10.0.0.0/16"))).toBe(false);
  });

  it("overlaps when either contains part of the other", () => {
    expect(cidrsOverlap(cidr("10.96.0.0/12"), cidr("10.100.0.0/16"))).toBe(true);
    expect(cidrsOverlap(cidr("10.244.0.0/16"), cidr("10.96.0.0/12"))).toBe(false);
    expect(cidrsOverlap(cidr("10.0.0.0/8"), cidr("fd00::/8"))).toBe(false);
    expect(cidrsOverlap(cidr("192.168.0.0/24"), cidr("192.168.0.255/32"))).toBe(true);
    expect(cidrsOverlap(cidr("192.168.0.0/24"), cidr("192.168.1.0/32"))).toBe(false);
  });

  it("names network and broadcast addresses of IPv4 blocks up to /30", () => {
    expect(isNetworkOrBroadcast(cidr("10.0.0.0/24"), ip("10.0.0.0"))).toBe("network");
    expect(isNetworkOrBroadcast(cidr("10.0.0.0/24"), ip("10.0.0.255"))).toBe("broadcast");
    expect(isNetworkOrBroadcast(cidr("10.0.0.0/24"), ip("10.0.0.1"))).toBeUndefined();
    expect(isNetworkOrBroadcast(cidr("10.0.0.0/31"), ip("10.0.0.0"))).toBeUndefined();
    expect(isNetworkOrBroadcast(cidr("fd00::/64"), ip("fd00::"))).toBeUndefined();
  });

  // A /30 is the narrowest block that keeps both: two hosts between them.
  it.each([
    ["10.0.0.0", "network"],
    ["10.0.0.1", undefined],
    ["10.0.0.2", undefined],
    ["10.0.0.3", "broadcast"],
  ])("names %s of 10.0.0.0/30 %s", (address, reserved) => {
    expect(isNetworkOrBroadcast(cidr("10.0.0.0/30"), ip(address))).toBe(reserved);
    // The block, not the address written with it, decides.
    expect(isNetworkOrBroadcast(cidr("10.0.0.2/30"), ip(address))).toBe(reserved);
  });

  // RFC 3021: both addresses of a /31 point-to-point link are hosts; a /32 is one host.
  it.each([
    ["10.0.0.0/31", "10.0.0.0"],
    ["10.0.0.0/31", "10.0.0.1"],
    ["10.0.0.7/32", "10.0.0.7"],
    ["10.0.0.0/32", "10.0.0.0"],
  ])("names no address of %s reserved: %s", (block, address) => {
    expect(isNetworkOrBroadcast(cidr(block), ip(address))).toBeUndefined();
  });
});

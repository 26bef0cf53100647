import { describe, expect, it } from "vitest";
import { formatIPv6, parseIPv6 } from "./ipv6.js";

describe("parseIPv6", () => {
  it.each([
    ["::", 0n],
    ["::1", 1n],
    ["2001:db8::", 0x20010db8n << 96n],
    ["2001:DB8:0:0:0:0:0:1", (0x20010db8n << 96n) | 1n],
    ["::ffff:192.0.2.1", (0xffffn << 32n) | 0xc0000201n],
    ["1:2:3:4:5:6:7:8", 0x00010002000300040005000600070008n],
  ])("parses %s", (text, value) => {
    expect(parseIPv6(text)).toBe(value);
  });

  it.each(["", ":", ":::", "1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8", "12345::", "g::1", "::1.2.3", "::1.2.3.4:5"])(
    "refuses %j",
    (text) => {
      expect(parseIPv6(text)).toBeUndefined();
    },
  );
});

describe("formatIPv6 (RFC 5952)", () => {
  it.each([
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["0:0:0:0:0:0:0:0", "::"],
    ["1:0:0:2:0:0:0:3", "1:0:0:2::3"],
    ["1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"],
    ["1:0:0:2:3:0:0:4", "1::2:3:0:0:4"],
    ["fe80::", "fe80::"],
  ])("%s -> %s", (input, expected) => {
    const value = parseIPv6(input);
    expect(value).toBeDefined();
    expect(formatIPv6(value ?? 0n)).toBe(expected);
  });
});

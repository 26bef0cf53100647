import { describe, expect, it } from "vitest";
import { formatIPv4, parseIPv4 } from "./ipv4.js";

describe("parseIPv4", () => {
  it.each([
    ["0.0.0.0", 0n],
    ["192.168.62.20", 0xc0a83e14n],
    ["255.255.255.255", 0xffffffffn],
  ])("parses %s", (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each(["", "1.2.3", "1.2.3.4.5", "256.0.0.1", "01.2.3.4", "1.2.3.-4", "1.2.3.4 ", "a.b.c.d", "1..2.3"])("refuses %j", (text) => {
    expect(parseIPv4(text)).toBeUndefined();
  });

  it("round-trips through formatIPv4", () => {
    for (const text of ["10.0.0.1", "172.16.254.3", "0.0.0.0", "255.255.255.255"]) {
      const value = parseIPv4(text);
      expect(value).toBeDefined();
      expect(formatIPv4(value ?? 0n)).toBe(text);
    }
  });
});

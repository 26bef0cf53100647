import { describe, expect, it } from "vitest";
import { didYouMean, didYouMeanHint, editDistance } from "./did-you-mean.js";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["worker", "wroker", 1],
    ["kitten", "sitting", 3],
    ["ca", "abc", 3],
    ["serviceSubnets", "serviceSubnet", 1],
  ])("%j vs %j = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe("didYouMean", () => {
  it("finds a transposition, a missing letter and a case slip", () => {
    expect(didYouMean("wroker", ["controlplane", "worker"])).toBe("worker");
    expect(didYouMean("serviceSubnet", ["podSubnets", "serviceSubnets", "dnsDomain"])).toBe("serviceSubnets");
    expect(didYouMean("Role", ["name", "role"])).toBe("role");
  });

  it("says nothing when nothing is close", () => {
    expect(didYouMean("ntp", ["vip", "host", "port"])).toBeUndefined();
    expect(didYouMean("zzz", [])).toBeUndefined();
    expect(didYouMean("bananas", ["talos", "kubernetes"])).toBeUndefined();
  });

  it("never suggests the input itself and breaks ties by code units", () => {
    expect(didYouMean("pve-c", ["pve-c"])).toBeUndefined();
    expect(didYouMean("pve-c", ["pve-b", "pve-a"])).toBe("pve-a");
  });

  it("phrases the hint", () => {
    expect(didYouMeanHint("wroker", ["worker"])).toBe('did you mean "worker"?');
    expect(didYouMeanHint("x", ["worker"])).toBeUndefined();
  });
});

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

  // maxEdits: one edit up to five characters, then a third of the longer name, rounded down.
  // Each candidate differs from the input in its last letters only, one edit each.
  it.each([
    ["abc", "abx", "axy"],
    ["abcde", "abcdx", "abcxy"],
    ["abcdef", "abcdxy", "abcxyz"],
    ["abcdefgh", "abcdefxy", "abcdexyz"],
    ["abcdefghi", "abcdefxyz", "abcdewxyz"],
    ["abcdefghijkl", "abcdefghwxyz", "abcdefgvwxyz"],
  ])("offers a name as far from %j as a typo may be (%j), not one edit further (%j)", (input, farthest, beyond) => {
    expect(editDistance(input, beyond)).toBe(editDistance(input, farthest) + 1);
    expect(didYouMean(input, [farthest])).toBe(farthest);
    expect(didYouMean(input, [beyond])).toBeUndefined();
  });

  it("measures the budget by the longer of the two names", () => {
    // two edits: within a six-letter name's budget, beyond a four-letter one's
    expect(didYouMean("abcdef", ["abcd"])).toBe("abcd");
    expect(didYouMean("abcd", ["abcdef"])).toBe("abcdef");
  });

  it("phrases the hint", () => {
    expect(didYouMeanHint("wroker", ["worker"])).toBe('did you mean "worker"?');
    expect(didYouMeanHint("x", ["worker"])).toBeUndefined();
  });
});

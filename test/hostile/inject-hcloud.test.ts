// Hostile strings injected into every string field of test/hostile/bases/hcloud.yaml: see property.ts.
import { describeInjection } from "./property.js";

// hcloud servers get their private address without the prefix length.
describeInjection("hcloud", 2000, ["spec.nodeClasses.<key> (key)", "spec.nodes[].address", "spec.nodes[].address"]);

// Hostile strings injected into every string field of test/hostile/bases/metal.yaml: see property.ts.
import { describeInjection } from "./property.js";

// A class name is only a reference: it groups settings and appears nowhere in the tree.
describeInjection("metal", 2000, []);

// Hostile strings injected into every string field of test/hostile/bases/metal.yaml: see property.ts.
import { describeInjection } from "./property.js";

describeInjection("metal", 2000);

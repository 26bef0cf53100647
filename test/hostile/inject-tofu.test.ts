// Hostile strings injected into every string field of test/hostile/bases/tofu.yaml: see property.ts.
import { describeInjection } from "./property.js";

describeInjection("tofu", 2000);

// Hostile strings injected into every string field of test/hostile/bases/proxmox.yaml: see property.ts.
import { describeInjection } from "./property.js";

describeInjection("proxmox", 4000, []);

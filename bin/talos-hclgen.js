#!/usr/bin/env node
import { setFlagsFromString } from "node:v8";

// A pre-commit hook starts this binary on every commit, so a run is short and mostly cold
// code. V8 hands a function to its optimizing compiler (TurboFan) after a small budget of
// interpreted work; in a run this short that compile work costs more CPU than it saves. Eight
// times the default budget (67584) keeps it for the code that is really hot. Measured with
// scripts/bench.mjs on Node 20 (CPU time, medians): a small build 190 -> 150 ms, a 1000-node
// build 900 -> 770 ms, a 100-spec fleet 1.39 -> 1.27 s (--no-opt would cost the fleet 1.7 s).
// Set before the bundle is loaded (hence the dynamic import); only the CLI gets it. Only on
// the Node line it was measured on: V8 prints an error for a flag it no longer knows.
if (process.versions.node.startsWith("20.")) setFlagsFromString("--interrupt-budget=540672");

await import("../dist/cli/main.js");

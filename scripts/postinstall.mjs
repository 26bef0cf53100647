#!/usr/bin/env node
// `npm install` / `npm ci` in a source checkout builds dist/ (what `prepare` used to do). It is
// a postinstall, not a prepare, because npm runs prepare again inside `npm pack`, printing its
// banner on pack's stdout, which pre-commit reads as the tarball's name: the hook could not be
// installed from a Git repository (pre-commit languages/node.py: npm install, then npm pack).
// In an installed package there is no src/ to build. Either way the install then warms the
// code cache of `build` for this Node (warm-code-cache.mjs).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { warmCodeCache } from "./warm-code-cache.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (existsSync(join(root, "src", "index.ts"))) await import("./build.mjs");
warmCodeCache(root);

#!/usr/bin/env node
// CommonJS (bin/package.json says so), so that Node starts it without its ES module loader
// (~4 ms on Node 20); the launcher loads the CLI bundle through a V8 code cache
// (src/launcher/).
"use strict";
require("../dist/launcher.cjs");

import { defineConfig } from "vitest/config";

// Two cores on CI machines: forks keep memory bounded and isolate process.env changes.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup-tools.ts", "test/setup-property-seed.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from "vitest/config";

/**
 * Two tiers. fast: unit, golden, CLI through the binary, hostile input; no tool built from Go
 * (`npm test`). real: what runs OpenTofu, the providers, Talos's machinery and the hook
 * managers (`npm run test:real`; test/real/, the offline validate tier, the hooks). CI runs both
 * in one vitest run (`npm run test:all`), so the two workers share every file.
 */
const REAL = ["test/real/**/*.test.ts", "test/hooks.test.ts", "test/validate/offline.test.ts", "test/validate/signals.test.ts", "test/golden-validate.test.ts"];

const shared = {
  setupFiles: ["test/setup-tools.ts", "test/setup-property-seed.ts"],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

// Two cores on CI machines: forks keep memory bounded and isolate process.env changes.
export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: "fast", include: ["src/**/*.test.ts", "test/**/*.test.ts"], exclude: REAL } },
      { test: { ...shared, name: "real", include: REAL } },
    ],
  },
});

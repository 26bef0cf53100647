import { defineConfig } from "vitest/config";

// The probe of test/property-seed.test.ts, with the seed setup every test file has.
export default defineConfig({
  test: {
    include: ["test/property-seed.probe.ts"],
    setupFiles: ["test/setup-property-seed.ts"],
  },
});

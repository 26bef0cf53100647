import { defineConfig } from "vitest/config";

// `npm run update` only: the files that rewrite golden/ and rendered/.
export default defineConfig({
  test: {
    include: ["test/update/*.update.ts"],
    setupFiles: ["test/setup-tools.ts"],
    pool: "forks",
    testTimeout: 120_000,
  },
});

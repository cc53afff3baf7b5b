import { defineConfig } from "vitest/config";

export default defineConfig({
  // Use packages/shared from its TypeScript sources, so tests need no build of it.
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

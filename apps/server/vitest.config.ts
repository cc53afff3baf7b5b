import { defineConfig } from "vitest/config";

export default defineConfig({
  // Use packages/shared from its TypeScript sources, so tests need no build of it.
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Files of a worker share its module cache: importing the app once per worker instead of once per
    // file halved the PGlite suite (1,449 s to 875 s on CI's 2 cores). Every file builds its own
    // server and database (test/harness.ts), and module state is per server, so nothing carries over.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// `npm test`: install if needed, then every check and every test of every
// workspace. Runs them all, prints a summary, exits non-zero if any failed.
//   - lint (Biome) and type checks
//   - packages/shared, packages/meta-sim and apps/web unit tests (Vitest)
//   - apps/server integration tests on PGlite, and again on PostgreSQL when
//     TEST_DATABASE_URL is set
//   - e2e: Playwright in the system Chromium against the built app
import { existsSync } from "node:fs";
import { ensureInstalled, run } from "./lib.mjs";

await ensureInstalled();

const steps = [];
const step = async (label, command, args, env = {}) => {
  console.log(`\n› ${label}`);
  const started = Date.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  steps.push({ label, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
};

const noPostgres = { TEST_DATABASE_URL: "" };
await step("lint (biome)", "npx", ["biome", "check", "."]);
await step("build shared", "npm", ["run", "build", "-w", "@inbox/shared", "--silent"]);
await step("typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present", "--silent"]);
await step("shared tests", "npm", ["test", "-w", "@inbox/shared", "--silent"]);
await step("meta-sim tests", "npm", ["test", "-w", "@inbox/meta-sim", "--silent"]);
await step("server tests on PGlite", "npm", ["test", "-w", "@inbox/server", "--silent"], noPostgres);
if (process.env.TEST_DATABASE_URL) {
  await step("server tests on PostgreSQL", "npm", ["test", "-w", "@inbox/server", "--silent"]);
}
await step("web tests", "npm", ["test", "-w", "@inbox/web", "--silent"]);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(chromium)) {
  await step("build server and web", "npm", ["run", "build", "--silent"]);
  await step("e2e (Playwright, Chromium)", "npm", ["test", "-w", "@inbox/e2e", "--silent"], {
    CHROMIUM_PATH: chromium,
  });
} else {
  console.error(
    `\n✖ e2e: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  steps.push({ label: "e2e (Chromium missing)", ok: false, seconds: 0 });
}

console.log("\nSummary");
for (const s of steps) console.log(`  ${s.ok ? "✔" : "✖"} ${s.label} (${s.seconds}s)`);
const failed = steps.filter((s) => !s.ok);
if (failed.length > 0) {
  console.error(`\n${failed.length} step(s) failed.`);
  process.exit(1);
}
console.log("\nAll green.");

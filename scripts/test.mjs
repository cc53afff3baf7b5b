// `npm test`: install if needed, then every check and every test of every
// workspace. Runs them all, prints a summary, exits non-zero if any failed.
//   - lint (Biome) and type checks
//   - packages/shared, packages/meta-sim and apps/web unit tests (Vitest)
//   - apps/server integration tests on PGlite, and again on PostgreSQL when
//     TEST_DATABASE_URL is set
//   - e2e: Playwright in the system Chromium against the built app
// `npm test -- <part> [<part>…]` runs only those parts (names in PARTS below),
// e.g. `npm test -- lint typecheck` or `npm test -- server-pg`.
import { existsSync } from "node:fs";
import { ensureInstalled, run } from "./lib.mjs";

const noPostgres = { TEST_DATABASE_URL: "" };
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Each part and its steps, in the order a plain `npm test` runs them. */
const PARTS = {
  lint: [["lint (biome)", "npx", ["biome", "check", "."]]],
  typecheck: [
    ["build shared", "npm", ["run", "build", "-w", "@inbox/shared", "--silent"]],
    ["typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present", "--silent"]],
  ],
  shared: [["shared tests", "npm", ["test", "-w", "@inbox/shared", "--silent"]]],
  "meta-sim": [["meta-sim tests", "npm", ["test", "-w", "@inbox/meta-sim", "--silent"]]],
  server: [["server tests on PGlite", "npm", ["test", "-w", "@inbox/server", "--silent"], noPostgres]],
  "server-pg": [["server tests on PostgreSQL", "npm", ["test", "-w", "@inbox/server", "--silent"]]],
  web: [["web tests", "npm", ["test", "-w", "@inbox/web", "--silent"]]],
  e2e: [
    ["build server and web", "npm", ["run", "build", "--silent"]],
    [
      "e2e (Playwright, Chromium)",
      "npm",
      ["test", "-w", "@inbox/e2e", "--silent"],
      { CHROMIUM_PATH: chromium },
    ],
  ],
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`✖ unknown part(s): ${unknown.join(", ")}. Parts: ${Object.keys(PARTS).join(", ")}.`);
  process.exit(2);
}
const everything = asked.length === 0;
const parts = everything ? Object.keys(PARTS) : Object.keys(PARTS).filter((name) => asked.includes(name));

await ensureInstalled();

const steps = [];
const started = Date.now();
const step = async (label, command, args, env = {}) => {
  console.log(`\n› ${label}`);
  const stepStarted = Date.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  steps.push({ label, ok: code === 0, seconds: Math.round((Date.now() - stepStarted) / 1000) });
};
const missing = (label, message) => {
  console.error(`\n✖ ${message}`);
  steps.push({ label, ok: false, seconds: 0 });
};

for (const part of parts) {
  if (part === "server-pg" && !process.env.TEST_DATABASE_URL) {
    // A plain `npm test` runs PostgreSQL only where it is configured (CI sets it); asked for, it must run.
    if (!everything)
      missing("server tests on PostgreSQL", "server-pg: set TEST_DATABASE_URL to a PostgreSQL database.");
    continue;
  }
  if (part === "e2e" && !existsSync(chromium)) {
    missing(
      "e2e (Chromium missing)",
      `e2e: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    continue;
  }
  for (const [label, command, args, env] of PARTS[part]) await step(label, command, args, env);
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\nSummary (${minutes} min)`);
for (const s of steps) console.log(`  ${s.ok ? "✔" : "✖"} ${s.label} (${s.seconds}s)`);
const failed = steps.filter((s) => !s.ok);
if (failed.length > 0) {
  console.error(`\n${failed.length} step(s) failed.`);
  process.exit(1);
}
console.log("\nAll green.");

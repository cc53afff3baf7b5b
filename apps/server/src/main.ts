import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import type { MetaSim } from "@inbox/meta-sim";
import { ConfigError, loadConfig } from "./config.js";
import { type DemoSetup, localServerUrl, setupDemo, startDemoSim } from "./demo/demo.js";
import { createServer } from "./server.js";

const USAGE = "usage: node apps/server/dist/main.js [--demo]   (npm start -- --demo)";

async function main(): Promise<void> {
  const args = parseStartArgs(process.argv.slice(2));
  let config = loadConfig();
  // --demo: meta-sim stands in for Meta, so the Graph API base points at it.
  const sim: MetaSim | undefined = args.demo ? await startDemoSim(config) : undefined;
  if (sim) config = { ...config, META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion };
  const server = await createServer(config);
  await server.app.listen({ port: config.PORT, host: config.HOST });
  let demo: DemoSetup | undefined;
  if (sim) {
    demo = await setupDemo({
      db: server.database.db,
      sim,
      serverUrl: localServerUrl(server.app.server.address() as AddressInfo),
    });
  }

  const { seedResult } = server;
  const lines = [
    "",
    `  Inbox is running at ${config.PUBLIC_URL}`,
    `  Database: ${config.databaseKind === "pglite" ? `embedded PGlite in ${config.dataDir}/pg` : "PostgreSQL (DATABASE_URL)"}`,
    `  Super admin: ${seedResult.adminEmail}`,
  ];
  if (seedResult.generatedPassword) {
    lines.push(
      `  Password:    ${seedResult.generatedPassword}   (generated now and shown only once; stored hashed)`,
    );
  } else if (seedResult.createdAdmin) {
    lines.push("  Password:    the value of ADMIN_PASSWORD");
  } else {
    lines.push(
      "  Password:    unchanged (printed when the data was first created, or ADMIN_PASSWORD at that time)",
    );
  }
  if (sim && demo) {
    lines.push(
      "",
      `  Demo: meta-sim plays Meta at ${sim.url} (connection "Demo (meta-sim)" in company 1)`,
      `  Phone page:  ${demo.phonePageUrl}`,
      `               write there as the contact, then watch the ticket arrive at ${config.PUBLIC_URL}/tickets`,
    );
  }
  console.log(`${lines.join("\n")}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, "shutting down");
    await server.close().catch((err) => server.app.log.error({ err }, "error while shutting down"));
    await sim?.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

function parseStartArgs(argv: string[]): { demo: boolean } {
  try {
    const { values } = parseArgs({ args: argv, options: { demo: { type: "boolean", default: false } } });
    return { demo: values.demo ?? false };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("Failed to start:", err);
  }
  process.exit(1);
});

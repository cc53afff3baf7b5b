import { ConfigError, loadConfig } from "./config.js";
import { createServer } from "./server.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  await server.app.listen({ port: config.PORT, host: config.HOST });

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
  console.log(`${lines.join("\n")}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, "shutting down");
    await server.close().catch((err) => server.app.log.error({ err }, "error while shutting down"));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("Failed to start:", err);
  }
  process.exit(1);
});

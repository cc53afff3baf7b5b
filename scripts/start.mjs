// `npm start`: install if needed, build, then run the server (migrations and
// seed happen at boot) on http://localhost:8080 with the embedded database.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureInstalled, mustRun, ROOT } from "./lib.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

await ensureInstalled();
console.log("› Building…");
await mustRun("build", "npm", ["run", "build", "--silent"]);

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, join(ROOT, "apps/server/dist/main.js"), ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: process.env,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Helpers for the root scripts. Only Node built-ins: these run before `npm install`.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(127));
  });
}

export async function mustRun(label, command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const marker = join(ROOT, "node_modules", ".package-lock.json");
  const lock = join(ROOT, "package-lock.json");
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  console.log("› Installing dependencies (npm install)…");
  await mustRun("npm install", "npm", ["install", "--no-audit", "--no-fund"]);
}

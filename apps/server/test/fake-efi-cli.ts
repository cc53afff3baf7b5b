import { startFakeEfi } from "./fake-efi.js";

/**
 * `tsx test/fake-efi-cli.ts --port 9141 --webhook http://127.0.0.1:8141/subscription/webhook/SECRET`:
 * the fake Efí for the e2e suite (e2e/playwright.config.ts).
 */
const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const fake = await startFakeEfi({ port: Number(arg("port") ?? 0), webhookUrl: arg("webhook") });
console.log(`fake Efí listening on ${fake.url}`);

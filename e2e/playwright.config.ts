import { defineConfig } from "@playwright/test";

/**
 * The e2e suite runs the built server (API + web app) on a fresh embedded
 * database and drives the system Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 8099);
/** packages/meta-sim stands in for Meta: the app's Graph calls go to it, its webhooks come to the app. */
const simPort = Number(process.env.E2E_SIM_PORT ?? port - 1);
export const META_SIM_URL = `http://127.0.0.1:${simPort}`;
const dataDir = `.tmp/data-${port}`;
/**
 * A local Efí PIX API (apps/server/test/fake-efi.ts) stands in for the payment provider: the checkout's
 * charges go to it and its webhook comes back to the app. Port + 1000, clear of the app and meta-sim ports.
 */
const efiPort = Number(process.env.E2E_EFI_PORT ?? port + 1000);
export const FAKE_EFI_URL = `http://127.0.0.1:${efiPort}`;
const EFI_WEBHOOK_SECRET = "e2e-efi-webhook-secret-0123456789";
export const ADMIN_EMAIL = "admin@e2e.test";
export const ADMIN_PASSWORD = "e2e-admin-password";

export default defineConfig({
  testDir: "tests",
  // The queues and settings every spec expects, made as an admin would (POST /queue, PUT /settings/{key}).
  globalSetup: "./fixtures/global-setup.ts",
  // Every wait is on a condition (web-first assertions, expect.poll, auto-waiting actions; no fixed
  // sleeps), so a long limit costs nothing when the app works: it only delays the report of a real
  // failure. A loaded 2-core machine (CI, or other work beside the suite) once took over 10 s to show a
  // page after a reload, hence 30 s per expectation and action, 60 s per navigation, 2 minutes per test.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  // One admin, one session at a time (a new login ends the older one).
  workers: 1,
  // No retries: a test that passes only on its second try hides a race in the app or in the test.
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  outputDir: ".tmp/results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      // From its TypeScript sources (no build needed); tsx is a dev dependency of the server.
      command: `npx tsx ../packages/meta-sim/src/cli.ts --port ${simPort}`,
      url: `${META_SIM_URL}/_sim/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
    },
    {
      command:
        `npx tsx ../apps/server/test/fake-efi-cli.ts --port ${efiPort} ` +
        `--webhook http://127.0.0.1:${port}/subscription/webhook/${EFI_WEBHOOK_SECRET}`,
      url: `${FAKE_EFI_URL}/_fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
    },
    {
      // A fresh database each run (the server migrates and seeds it); fixtures/global-setup.ts then
      // configures it through the API. One directory per port, so runs on other ports never share it.
      command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
      url: `http://127.0.0.1:${port}/version`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: `${process.cwd()}/${dataDir}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        META_GRAPH_URL: META_SIM_URL,
        // The specs sign the same admin in more often than the production limit (10 per e-mail in
        // 15 minutes) allows; the limiter has its own server tests.
        RATE_LIMIT_PER_EMAIL: "1000",
        // Every spec signs in from 127.0.0.1: the per-address limit (50) is passed by the 26th or so.
        RATE_LIMIT_PER_IP: "5000",
        // The checkout's provider: the fake Efí above (tests/checkout.spec.ts pays through it).
        PAYMENT_PROVIDER: "efi",
        EFI_API_URL: FAKE_EFI_URL,
        EFI_CLIENT_ID: "Client_Id_fake",
        EFI_CLIENT_SECRET: "Client_Secret_fake",
        EFI_PIX_KEY: "efi-e2e@plataforma.example",
        EFI_WEBHOOK_SECRET,
      },
    },
  ],
});

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { allowedHosts } from "./channels/meta/media-fetch.js";

/** The repository root, whatever the working directory (src/ or dist/ both sit two levels down). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every environment variable the server reads, with its default. README lists the same. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    /**
     * Other origins a web app may be served from (comma-separated, e.g. `https://app.example.com`):
     * the API answers them with CORS headers (credentials included, for the refresh cookie) and
     * socket.io accepts them beside PUBLIC_URL. Empty: same origin only.
     */
    CORS_ORIGINS: z
      .string()
      .default("")
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const raw of v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const parsed = URL.canParse(raw) ? new URL(raw) : null;
          if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
            ctx.addIssue({ code: "custom", message: `not an http(s) origin: ${raw}` });
            return z.NEVER;
          }
          origins.push(parsed.origin);
        }
        return [...new Set(origins)];
      }),
    DATA_DIR: z.string().default("data"),
    /**
     * Where stored files are fetched from, when not the app's own origin (e.g. `https://files.example.com`,
     * a host name of this same server): file addresses in answers start with it, so an uploaded file
     * never shares the app's origin. Unset: `/public/...` on the app's origin (still served sandboxed).
     */
    FILES_URL: z.url().optional(),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
    REDIS_URL: z.string().optional(),
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
    JWT_REFRESH_SECRET: z.string().min(32, "JWT_REFRESH_SECRET must be at least 32 characters").optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .default(15 * 60),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    ADMIN_EMAIL: z.email().default("admin@admin.com"),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Inbox <no-reply@localhost>"),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
    RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    USER_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(30).default(360),
    /** Open tickets without activity for this many hours are closed (spec 1 section 9: 24); 0 never. */
    TICKETS_AUTO_CLOSE_HOURS: z.coerce.number().min(0).max(8760).default(24),
    JOBS_ENABLED: bool.default(true),
    SERVE_WEB: bool.default(true),
    META_GRAPH_URL: z.url().default("https://graph.facebook.com"),
    /**
     * Hosts media URLs from payloads may be fetched from (comma-separated): `name`, `*.domain` (https, port 443,
     * public addresses only) or `host:port` (exactly that, any address: for a local meta-sim). `meta` stands for
     * Meta's hosts (*.fbcdn.net, *.fbsbx.com, *.cdninstagram.com, *.whatsapp.net, graph.facebook.com); unset:
     * `meta`. META_GRAPH_URL's host is always allowed.
     */
    MEDIA_FETCH_ALLOW_HOSTS: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        try {
          allowedHosts(v);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    /** Time limit of one media download, redirects included. */
    MEDIA_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** Size limit of one media download (MB) for a company without a `downloadLimit` setting (spec 2: 64). */
    MEDIA_FETCH_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /** Accepted webhooks processed in memory at most; beyond it they wait, stored, for the sweeper (bounded memory). */
    WEBHOOK_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(5000),
    /** Waits this long after answering a webhook before processing it (0 = at once); for crash-recovery drills. */
    WEBHOOK_PROCESS_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
    /** The Meta app behind Facebook Login: with both, POST /facebook trades the user token for a long-lived one, and its pages' connections get the app secret (webhook signatures). */
    META_APP_ID: z.string().regex(/^\d+$/, "digits only").optional(),
    META_APP_SECRET: z.string().min(8).optional(),
    /** Verify token of the app-level webhook callback `/webhooks/meta` (Meta's subscription handshake). */
    META_VERIFY_TOKEN: z.string().min(8).optional(),
    META_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "like v21.0")
      .default("v21.0"),
    /** `--demo` only: where meta-sim listens (port 0 = a free one; its control API has no auth, keep it local). */
    DEMO_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    DEMO_SIM_HOST: z.string().default("127.0.0.1"),
    /**
     * Audio transcription (GET /messages/transcribeAudio): base URL of an OpenAI-compatible API
     * (e.g. https://api.openai.com/v1); the server POSTs multipart `file` + `model` to
     * `{TRANSCRIPTION_URL}/audio/transcriptions`. Unset: the route answers ERR_TRANSCRIPTION_NOT_CONFIGURED.
     */
    TRANSCRIPTION_URL: z.url().optional(),
    /** Bearer token for TRANSCRIPTION_URL (local Whisper servers may need none). */
    TRANSCRIPTION_API_KEY: z.string().optional(),
    TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    /** Time limit of one call to an integration or AI provider (webhook, n8n, Typebot, Dialogflow, Gemini, OpenAI, speech). */
    INTEGRATIONS_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
    /**
     * Webhook, n8n and Typebot URLs a company typed may name private addresses (loopback, LAN, link-local):
     * only for tests or a private n8n on the server's own network. Off: public addresses only, checked after DNS.
     */
    INTEGRATIONS_ALLOW_PRIVATE_URLS: bool.default(false),
    /** Typebot's chat API host for integrations that name no server of their own (typebot.io's cloud). */
    TYPEBOT_BASE_URL: z.url().default("https://typebot.io"),
    /** Dialogflow ES REST endpoint (detectIntent goes to {url}/v2/projects/{p}/agent/sessions/{s}:detectIntent). */
    DIALOGFLOW_BASE_URL: z.url().default("https://dialogflow.googleapis.com"),
    /** The Gemini API (@google/genai's httpOptions.baseUrl) and the model integrations use. */
    GEMINI_BASE_URL: z.url().default("https://generativelanguage.googleapis.com"),
    GEMINI_MODEL: z.string().min(1).default("gemini-2.5-flash"),
    /** OpenAI-compatible API of the AI prompts: chat completions and audio transcriptions under it. */
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_CHAT_MODEL: z.string().min(1).default("gpt-4o-mini"),
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    /** Azure Speech text-to-speech of the prompts' voices; `{region}` becomes the prompt's voiceRegion. */
    AZURE_TTS_BASE_URL: z
      .string()
      .default("https://{region}.tts.speech.microsoft.com")
      .refine((v) => URL.canParse(v.replaceAll("{region}", "region")), "not a URL"),
    /**
     * Who issues the checkout's PIX charges (docs/PAYMENTS.md): `embedded` (default, no account) makes a
     * static PIX code from the platform's pixKey settings and the super admin marks the invoice paid;
     * `efi` creates charges at Efí's PIX API and learns of payments by its webhook and by asking.
     */
    PAYMENT_PROVIDER: z.enum(["embedded", "efi"]).default("embedded"),
    /** Efí's PIX API (production `https://pix.api.efipay.com.br`, sandbox `https://pix-h.api.efipay.com.br`). */
    EFI_API_URL: z.url().default("https://pix.api.efipay.com.br"),
    EFI_CLIENT_ID: z.string().min(1).optional(),
    EFI_CLIENT_SECRET: z.string().min(1).optional(),
    /** The account's certificate (.p12 or .pem path): Efí's API requires mutual TLS. Unset: no client certificate (a local fake). */
    EFI_CERTIFICATE: z.string().min(1).optional(),
    EFI_CERTIFICATE_PASSWORD: z.string().optional(),
    /** The PIX key of the Efí account the charges are paid to. */
    EFI_PIX_KEY: z.string().min(1).optional(),
    /**
     * The secret in the webhook's address, `{PUBLIC_URL}/subscription/webhook/{secret}` (register it at Efí as
     * the key's webhook): a call without it changes nothing. At least 24 characters.
     */
    EFI_WEBHOOK_SECRET: z.string().min(24, "EFI_WEBHOOK_SECRET must be at least 24 characters").optional(),
    /** How long an Efí charge can be paid (seconds). */
    EFI_CHARGE_EXPIRES_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(3600),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== "efi") return;
    for (const key of ["EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_PIX_KEY", "EFI_WEBHOOK_SECRET"] as const)
      if (!env[key])
        ctx.addIssue({ code: "custom", path: [key], message: "required when PAYMENT_PROVIDER=efi" });
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "JWT_SECRET" | "JWT_REFRESH_SECRET" | "PUBLIC_URL"> {
  JWT_SECRET: string;
  JWT_REFRESH_SECRET: string;
  PUBLIC_URL: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** "postgres" when DATABASE_URL is set, otherwise the embedded PGlite. */
  databaseKind: "postgres" | "pglite";
}

export class ConfigError extends Error {}

/**
 * Parses the environment once. In production, missing secrets stop the start;
 * in embedded mode they are generated once and kept in DATA_DIR/secrets.json
 * so a restart keeps everyone signed in.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : join(REPO_ROOT, e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  let refreshSecret = e.JWT_REFRESH_SECRET;
  if (!jwtSecret || !refreshSecret) {
    if (e.NODE_ENV === "production") {
      throw new ConfigError(
        "JWT_SECRET and JWT_REFRESH_SECRET must be set when NODE_ENV=production (at least 32 characters each).",
      );
    }
    const stored = embeddedSecrets(dataDir);
    jwtSecret ??= stored.jwtSecret;
    refreshSecret ??= stored.refreshSecret;
  }
  return {
    ...e,
    JWT_SECRET: jwtSecret,
    JWT_REFRESH_SECRET: refreshSecret,
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseKind: e.DATABASE_URL ? "postgres" : "pglite",
  };
}

function embeddedSecrets(dataDir: string): { jwtSecret: string; refreshSecret: string } {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const secrets = {
    jwtSecret: randomBytes(48).toString("base64url"),
    refreshSecret: randomBytes(48).toString("base64url"),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

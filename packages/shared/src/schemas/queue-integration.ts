import { z } from "zod";

/**
 * Integrations (spec 3 sections 2 to 9: /queue-integration, the "Queue integration" model): a
 * company's connections to other systems, handed conversations by queues, connections and chatbot
 * options. Credentials (the Dialogflow JSON key, the Gemini API key) are write-only: answers carry
 * only whether they are set.
 */
export const QUEUE_INTEGRATION_TYPES = [
  "dialogflow",
  "n8n",
  "typebot",
  "webhook",
  "gemini",
  "flowbuilder",
] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
/** Rows a page of GET /queueIntegration answers (the spec keeps the size server-side). */
export const QUEUE_INTEGRATION_PAGE_SIZE = 20;
/** Spec 3 section 9 defaults. */
export const QUEUE_INTEGRATION_DEFAULTS = {
  typebotExpires: 0,
  typebotDelayMessage: 1000,
  geminiMaxTokens: 1024,
  geminiTemperature: 0.7,
  geminiMaxMessages: 20,
} as const;
/** Spec 3 section 6: the 403 of a create, edit or delete by someone who is not an admin. */
export const QUEUE_INTEGRATION_ADMIN_ONLY =
  "Você não tem permissão para criar ou editar integrações. Apenas administradores podem realizar esta ação.";

const text = (max: number) => z.string().trim().max(max, "Too Long!").optional().default("");
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An http(s) URL or nothing (webhook and n8n call it; the runtime refuses private addresses). */
const url = z
  .string()
  .trim()
  .max(2048, "Too Long!")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "Invalid URL")
  .optional()
  .default("");

/** A secret: given, it replaces the stored one; "" or absent keeps it; null removes it. */
const secret = (max: number) => z.string().max(max, "Too Long!").nullable().optional();

/** POST /queueIntegration and PUT /queueIntegration/{id}. */
export const queueIntegrationSchema = z.object({
  name: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(100, "Too Long!"),
  type: z.enum(QUEUE_INTEGRATION_TYPES, { error: "Required" }),
  projectName: text(200),
  jsonContent: secret(20_000),
  language: text(20),
  urlN8N: url,
  typebotSlug: text(200),
  typebotExpires: count(0, 525_600).optional().default(QUEUE_INTEGRATION_DEFAULTS.typebotExpires),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotRestartMessage: text(1000),
  typebotUnknownMessage: text(1000),
  typebotDelayMessage: count(0, 60_000).optional().default(QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage),
  geminiApiKey: secret(500),
  geminiPrompt: text(10_000),
  geminiMaxTokens: count(1, 8192).optional().default(QUEUE_INTEGRATION_DEFAULTS.geminiMaxTokens),
  geminiTemperature: z.coerce
    .number()
    .min(0)
    .max(2)
    .optional()
    .default(QUEUE_INTEGRATION_DEFAULTS.geminiTemperature),
  geminiMaxMessages: count(1, 100).optional().default(QUEUE_INTEGRATION_DEFAULTS.geminiMaxMessages),
  /** Country code, area code and number, digits only. */
  geminiTestPhone: z
    .string()
    .trim()
    .max(20, "Too Long!")
    .refine((value) => value === "" || /^\d{10,15}$/.test(value), "Invalid number")
    .optional()
    .default(""),
  /**
   * The secret webhook and n8n deliveries are signed with (docs/INTEGRATIONS.md): made by the server
   * at create and answered only then; a save with one (24 characters or more) replaces it, "" or
   * absent keeps it.
   */
  webhookSecret: z
    .string()
    .max(200, "Too Long!")
    .refine((value) => value === "" || value.length >= 24, "Too Short!")
    .optional(),
});
export type QueueIntegrationInput = z.infer<typeof queueIntegrationSchema>;

/**
 * POST /queueIntegration/test (spec 3: the Dialogflow test): one detect intent with these fields.
 * Without jsonContent, the stored key of integrationId (an integration of the company) is used.
 */
export const queueIntegrationTestSchema = z.object({
  projectName: z.string({ error: "Required" }).trim().min(1, "Required").max(200, "Too Long!"),
  jsonContent: z.string().max(20_000, "Too Long!").optional().default(""),
  language: z.string().trim().max(20, "Too Long!").optional().default("pt-BR"),
  integrationId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  text: z.string().trim().min(1, "Required").max(256, "Too Long!").optional().default("Olá"),
});
export type QueueIntegrationTestInput = z.infer<typeof queueIntegrationTestSchema>;

export const queueIntegrationTestDto = z.object({
  /** The agent's answers, in order. */
  messages: z.array(z.string()),
  intent: z.string().nullable(),
  confidence: z.number(),
  endInteraction: z.boolean(),
});
export type QueueIntegrationTestResult = z.infer<typeof queueIntegrationTestDto>;

export const queueIntegrationsQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

export const queueIntegrationDto = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  projectName: z.string(),
  /** The Dialogflow JSON key is stored: it is never answered. */
  jsonContentSet: z.boolean(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotRestartMessage: z.string(),
  typebotUnknownMessage: z.string(),
  typebotDelayMessage: z.number(),
  /** The Gemini API key is stored (its last 4 characters in geminiApiKeyHint): never answered whole. */
  geminiApiKeySet: z.boolean(),
  geminiApiKeyHint: z.string().nullable(),
  geminiPrompt: z.string(),
  geminiMaxTokens: z.number(),
  geminiTemperature: z.number(),
  geminiMaxMessages: z.number(),
  geminiTestPhone: z.string(),
  /** Deliveries are signed (webhook and n8n); the secret itself is in the create answer only. */
  webhookSecretSet: z.boolean(),
  /** Only in the answer of POST /queueIntegration: the signing secret, shown once. */
  webhookSecret: z.string().optional(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegrationDto = z.infer<typeof queueIntegrationDto>;

export const queueIntegrationPageDto = z.object({
  queueIntegrations: z.array(queueIntegrationDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type QueueIntegrationPage = z.infer<typeof queueIntegrationPageDto>;

/** company-{id}-queueIntegration. */
export type QueueIntegrationEventPayload =
  | { action: "create" | "update"; queueIntegration: QueueIntegrationDto }
  | { action: "delete"; integrationId: number };

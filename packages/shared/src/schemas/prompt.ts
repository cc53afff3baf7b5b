import { z } from "zod";
import { MAX_DB_INT } from "./common.js";

/**
 * AI prompts (spec 3: /prompts, the "Prompt" model, section 7 /prompt): a chatbot configuration
 * tied to a queue; a connection answers through one (promptId). apiKey and voiceKey are write-only:
 * answers carry only whether they are set.
 */
export const PROMPT_TEXT_VOICE = "texto";
/** Spec 3 section 9: the 15 Brazilian neural voices (the source says 16 but names 15). */
export const PROMPT_VOICE_NAMES = [
  "Francisca",
  "Antonio",
  "Brenda",
  "Donato",
  "Elza",
  "Fabio",
  "Giovanna",
  "Humberto",
  "Julio",
  "Leila",
  "Leticia",
  "Manuela",
  "Nicolau",
  "Valerio",
  "Yara",
] as const;
/** "texto" (answers in text) or an Azure neural voice's full name (pt-BR-FranciscaNeural...). */
export const PROMPT_VOICES = [
  PROMPT_TEXT_VOICE,
  ...PROMPT_VOICE_NAMES.map((name) => `pt-BR-${name}Neural` as const),
] as const;
/** Spec 3 section 9 defaults. */
export const PROMPT_DEFAULTS = {
  voice: PROMPT_TEXT_VOICE,
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
} as const;
export const PROMPT_PAGE_SIZE = 20;
/** Spec 3 section 5: a prompt needs a queue. */
export const PROMPT_QUEUE_REQUIRED = "Informe o setor";

const required = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, "Required").max(max, "Too Long!");
/** A secret: given, it replaces the stored one; "" or absent keeps it (null removes the voice key). */
const secret = (max: number) => z.string().trim().max(max, "Too Long!").optional();

/** POST /prompt and PUT /prompt/{id}. apiKey is required at create (the service says so on "apiKey"). */
export const promptSchema = z.object({
  name: required(100),
  apiKey: secret(500),
  prompt: required(20_000),
  voice: z.enum(PROMPT_VOICES, { error: "Invalid voice" }).optional().default(PROMPT_DEFAULTS.voice),
  voiceKey: secret(500).nullable(),
  voiceRegion: z
    .string()
    .trim()
    .max(50, "Too Long!")
    .refine((value) => /^[a-z0-9]*$/.test(value), "Invalid region")
    .optional()
    .default(""),
  temperature: z.coerce.number().min(0).max(2).optional().default(PROMPT_DEFAULTS.temperature),
  maxTokens: z.coerce.number().int().min(1).max(32_000).optional().default(PROMPT_DEFAULTS.maxTokens),
  maxMessages: z.coerce.number().int().min(1).max(100).optional().default(PROMPT_DEFAULTS.maxMessages),
  queueId: z.preprocess(
    (value) => (value === "" || value === null || value === 0 ? undefined : value),
    z.number({ error: PROMPT_QUEUE_REQUIRED }).int().positive().max(MAX_DB_INT),
  ),
});
export type PromptInput = z.infer<typeof promptSchema>;

/** GET /prompt: pages by name (spec 3 has no search here). */
export const promptsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

export const promptDto = z.object({
  id: z.number(),
  name: z.string(),
  /** The API key is stored: never answered. */
  apiKeySet: z.boolean(),
  prompt: z.string(),
  voice: z.string(),
  /** The speech key is stored: never answered. */
  voiceKeySet: z.boolean(),
  voiceRegion: z.string(),
  temperature: z.number(),
  maxTokens: z.number(),
  maxMessages: z.number(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptDto = z.infer<typeof promptDto>;

/** GET /prompt: a page of the company's prompts by name, with the count. */
export const promptPageDto = z.object({
  prompts: z.array(promptDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type PromptPage = z.infer<typeof promptPageDto>;

/** company-{id}-prompt (spec 3 section 4: create or update upserts, delete removes). */
export type PromptEventPayload =
  | { action: "create" | "update"; prompt: PromptDto }
  | { action: "delete"; promptId: number };

import {
  QUEUE_INTEGRATION_DEFAULTS,
  type QueueIntegrationDto,
  type QueueIntegrationType,
  queueIntegrationSchema,
} from "@inbox/shared";
import { isApiError } from "../../api/api-error";
import type { QueueIntegrationBody } from "../../api/queue-integrations";
import i18n from "../../i18n";

/** The dialog's fields as typed: every value a string (numbers parsed by the shared schema). */
export interface IntegrationForm {
  name: string;
  type: QueueIntegrationType | "";
  projectName: string;
  /** Write-only: always starts empty; empty keeps the stored key. */
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: string;
  /** Write-only, like jsonContent. */
  geminiApiKey: string;
  geminiPrompt: string;
  geminiMaxTokens: string;
  geminiTemperature: string;
  geminiMaxMessages: string;
  geminiTestPhone: string;
}

export type IntegrationField = keyof IntegrationForm;

/** The fields each type shows (spec 3 section 3, "Queue integration"), after name and type. */
export const FIELDS_OF_TYPE: Record<QueueIntegrationType, readonly IntegrationField[]> = {
  dialogflow: ["projectName", "jsonContent", "language"],
  n8n: ["urlN8N"],
  webhook: ["urlN8N"],
  typebot: [
    "urlN8N",
    "typebotSlug",
    "typebotExpires",
    "typebotKeywordFinish",
    "typebotKeywordRestart",
    "typebotRestartMessage",
    "typebotUnknownMessage",
    "typebotDelayMessage",
  ],
  // The chosen flow's id is kept in projectName (the runtime reads it there).
  flowbuilder: ["projectName"],
  gemini: [
    "geminiApiKey",
    "geminiPrompt",
    "geminiMaxTokens",
    "geminiTemperature",
    "geminiMaxMessages",
    "geminiTestPhone",
  ],
};

export const NUMBER_FIELDS: ReadonlySet<IntegrationField> = new Set([
  "typebotExpires",
  "typebotDelayMessage",
  "geminiMaxTokens",
  "geminiTemperature",
  "geminiMaxMessages",
]);

export function formOf(dto: QueueIntegrationDto | null): IntegrationForm {
  const d = QUEUE_INTEGRATION_DEFAULTS;
  return {
    name: dto?.name ?? "",
    type: dto?.type ?? "",
    projectName: dto?.projectName ?? "",
    jsonContent: "",
    language: dto?.language ?? "",
    urlN8N: dto?.urlN8N ?? "",
    typebotSlug: dto?.typebotSlug ?? "",
    typebotExpires: String(dto?.typebotExpires ?? d.typebotExpires),
    typebotKeywordFinish: dto?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: dto?.typebotKeywordRestart ?? "",
    typebotRestartMessage: dto?.typebotRestartMessage ?? "",
    typebotUnknownMessage: dto?.typebotUnknownMessage ?? "",
    typebotDelayMessage: String(dto?.typebotDelayMessage ?? d.typebotDelayMessage),
    geminiApiKey: "",
    geminiPrompt: dto?.geminiPrompt ?? "",
    geminiMaxTokens: String(dto?.geminiMaxTokens ?? d.geminiMaxTokens),
    geminiTemperature: String(dto?.geminiTemperature ?? d.geminiTemperature),
    geminiMaxMessages: String(dto?.geminiMaxMessages ?? d.geminiMaxMessages),
    geminiTestPhone: dto?.geminiTestPhone ?? "",
  };
}

/** The shared schema's messages, translated (spec 3 section 5: 'Too Short!', 'Required'). */
const MESSAGE_KEYS: Record<string, string> = {
  "Too Short!": "integrations.validation.tooShort",
  "Too Long!": "integrations.validation.tooLong",
  Required: "integrations.validation.required",
  "Invalid URL": "integrations.validation.invalidUrl",
  "Invalid number": "integrations.validation.invalidNumber",
};

export function translatedIssue(message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? i18n.t(key as "integrations.validation.required") : i18n.t("integrations.validation.invalid");
}

/**
 * The body of a save, checked by the shared schema: name, type and the type's own fields; a secret
 * left empty is left out, so the stored one is kept. Answers the errors by field instead when invalid.
 */
export function bodyOf(
  form: IntegrationForm,
):
  | { ok: true; body: QueueIntegrationBody }
  | { ok: false; errors: Partial<Record<IntegrationField, string>> } {
  const fields = form.type ? FIELDS_OF_TYPE[form.type] : [];
  const raw: Record<string, unknown> = { name: form.name, type: form.type || undefined };
  for (const field of fields) {
    const value = form[field];
    if ((field === "jsonContent" || field === "geminiApiKey") && value === "") continue;
    raw[field] = NUMBER_FIELDS.has(field) ? (value.trim() === "" ? undefined : value) : value;
  }
  const parsed = queueIntegrationSchema.safeParse(raw);
  if (parsed.success) {
    const body: Record<string, unknown> = { name: parsed.data.name, type: parsed.data.type };
    for (const field of fields) if (field in raw) body[field] = parsed.data[field];
    return { ok: true, body: body as QueueIntegrationBody };
  }
  const errors: Partial<Record<IntegrationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as IntegrationField;
    if (!errors[field]) errors[field] = translatedIssue(issue.message);
  }
  return { ok: false, errors };
}

/** A failed save's text: the spec's admin-only 403, an edit of a vanished integration, or the usual. */
export function saveFailure(error: unknown, action: "create" | "edit" | "delete"): string | null {
  if (isApiError(error) && error.status === 403) return i18n.t(`integrations.adminOnly.${action}`);
  if (action === "edit" && isApiError(error) && error.status === 404)
    return i18n.t("integrations.invalidEdit");
  return null;
}

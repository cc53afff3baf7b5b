import type { QueueIntegrationDto, QueueIntegrationType } from "@inbox/shared";
import type { QueueIntegrationRow } from "./repo.js";

/** The credentials leave only as "set" flags (and the Gemini key's last 4 characters). */
export function presentQueueIntegration(row: QueueIntegrationRow): QueueIntegrationDto {
  const { jsonContent, geminiApiKey, webhookSecret, ...rest } = row;
  return {
    ...rest,
    type: row.type as QueueIntegrationType,
    jsonContentSet: Boolean(jsonContent),
    geminiApiKeySet: Boolean(geminiApiKey),
    geminiApiKeyHint: geminiApiKey ? `…${geminiApiKey.slice(-4)}` : null,
    webhookSecretSet: Boolean(webhookSecret),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

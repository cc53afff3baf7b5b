import type { PromptDto } from "@inbox/shared";
import type { PromptWithQueue } from "./repo.js";

/** The credentials leave only as "set" flags: apiKey and voiceKey are write-only. */
export function presentPrompt(row: PromptWithQueue): PromptDto {
  const { apiKey, voiceKey, queueName, ...rest } = row;
  return {
    ...rest,
    apiKeySet: Boolean(apiKey),
    voiceKeySet: Boolean(voiceKey),
    queue: row.queueId !== null && queueName !== null ? { id: row.queueId, name: queueName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

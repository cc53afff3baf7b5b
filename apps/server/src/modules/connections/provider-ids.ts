import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { ConnectionsRepo } from "./repo.js";

/**
 * The id Meta names a connection by, per channel: the Cloud API's phone number id, the Messenger
 * page id, the Instagram account id. Webhooks are routed by it, and Meta delivers an account's
 * webhooks to one place, so one connection of the whole platform holds each (a second one would
 * steal or lose the first one's messages). An Instagram connection's pageId is the linked page's:
 * a Messenger connection may hold the same page.
 */
export const PROVIDER_ID_FIELDS = {
  whatsappapi: "phoneNumberId",
  facebook: "pageId",
  instagram: "instagramId",
} as const;

export type ProviderIdField = (typeof PROVIDER_ID_FIELDS)[keyof typeof PROVIDER_ID_FIELDS];

/** The unique partial indexes behind the rule (db/schema/connections.ts): a concurrent write trips one. */
const PROVIDER_ID_INDEXES: Record<string, ProviderIdField> = {
  whatsapps_whatsappapi_phone_number_id_key: "phoneNumberId",
  whatsapps_facebook_page_id_key: "pageId",
  whatsapps_instagram_instagram_id_key: "instagramId",
};

/** The channel's provider id among `values`, when given and not empty. */
export function providerIdOf(
  channel: string,
  values: Partial<Record<ProviderIdField, string | null | undefined>>,
): { field: ProviderIdField; value: string } | undefined {
  const field = PROVIDER_ID_FIELDS[channel as keyof typeof PROVIDER_ID_FIELDS];
  const value = field ? values[field] : undefined;
  return field && value ? { field, value } : undefined;
}

const LABELS: Record<ProviderIdField, string> = {
  phoneNumberId: "This phone number ID",
  pageId: "This page",
  instagramId: "This Instagram account",
};

export function providerIdInUse(field: ProviderIdField): AppError {
  return new AppError("ERR_WAPP_PROVIDER_ID_IN_USE", {
    status: 400,
    field,
    message: `${LABELS[field]} is already used by another connection; Meta delivers its messages to one connection only`,
  });
}

/**
 * The id field whose index refused a write (PostgreSQL's unique_violation naming one of them, through
 * drizzle's wrapping): two writes of one id at once, the second loses. Undefined for any other error.
 */
export function violatedProviderId(error: unknown): ProviderIdField | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? PROVIDER_ID_INDEXES[constraint] : undefined;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A write, whose refusal by a provider id index answers as the check does (400, not 500). */
export async function refusingProviderIdRace<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const field = violatedProviderId(error);
    throw field ? providerIdInUse(field) : error;
  }
}

/** Refuses a provider id that another connection, of any company, holds on this channel. */
export async function checkProviderId(
  repo: ConnectionsRepo,
  runner: Db | Tx,
  channel: string,
  id: { field: ProviderIdField; value: string } | undefined,
  exceptId?: number,
): Promise<void> {
  if (id && (await repo.providerIdTaken(channel, id.field, id.value, exceptId, runner)))
    throw providerIdInUse(id.field);
}

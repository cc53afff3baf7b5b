import type { ConnectionCredentials } from "../channels/types.js";
import type { IngestRepo } from "./repo.js";

/** A connection as ingest reads it (cached a few seconds by the service). */
export type IngestConnection = NonNullable<Awaited<ReturnType<IngestRepo["connection"]>>>;

/** A status for a message we have not stored yet: retry the delivery later. */
export class UnknownMessageError extends Error {}

/** What a channel adapter needs to act for a connection. */
export function credentials(connection: IngestConnection): ConnectionCredentials {
  return {
    id: connection.id,
    companyId: connection.companyId,
    channel: connection.channel as ConnectionCredentials["channel"],
    phoneNumberId: connection.phoneNumberId,
    pageId: connection.pageId,
    instagramId: connection.instagramId,
    accessToken: connection.accessToken,
  };
}

/** 131047 (WhatsApp) and 2018278 (Messenger subcode) are the 24-hour rule. */
export function sendErrorCode(
  providerCode: number | undefined,
  subcode?: number,
): "ERR_OUTSIDE_24H_WINDOW" | "ERR_SENDING_WAPP_MSG" {
  return providerCode === 131047 || subcode === 2018278 || providerCode === 2018278
    ? "ERR_OUTSIDE_24H_WINDOW"
    : "ERR_SENDING_WAPP_MSG";
}

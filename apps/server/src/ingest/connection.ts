import { and, eq, sql } from "drizzle-orm";
import type { ConnectionCredentials } from "../channels/types.js";
import type { Db } from "../db/client.js";
import { preparedPer } from "../db/prepared.js";
import { whatsapps } from "../db/schema/index.js";

/** A connection as ingest reads it (cached a few seconds), prepared once per database handle (db/prepared.ts). */
const connectionStatement = preparedPer((db) =>
  db
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      channel: whatsapps.channel,
      allowGroup: whatsapps.allowGroup,
      timeCreateNewTicket: whatsapps.timeCreateNewTicket,
      phoneNumberId: whatsapps.phoneNumberId,
      pageId: whatsapps.pageId,
      instagramId: whatsapps.instagramId,
      accessToken: whatsapps.accessToken,
    })
    .from(whatsapps)
    .where(
      and(eq(whatsapps.companyId, sql.placeholder("companyId")), eq(whatsapps.id, sql.placeholder("id"))),
    )
    .limit(1)
    .prepare("ingest_connection"),
);

/** A connection as ingest reads it (cached a few seconds by the service), if it is the company's. */
export async function readConnection(db: Db, companyId: number, id: number) {
  const [row] = await connectionStatement(db).execute({ companyId, id });
  return row;
}

export type IngestConnection = NonNullable<Awaited<ReturnType<typeof readConnection>>>;

/**
 * A status for a message we have not stored yet: retry the delivery later. `providerMessageIds`:
 * the ids it waits for (a send whose answer is not stored yet, usually), so the webhook loop can
 * retry the delivery as soon as one of them is stored.
 */
export class UnknownMessageError extends Error {
  readonly providerMessageIds: string[];

  constructor(providerMessageId: string) {
    super(`a status names a message not stored yet (${providerMessageId})`);
    this.providerMessageIds = [providerMessageId];
  }
}

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

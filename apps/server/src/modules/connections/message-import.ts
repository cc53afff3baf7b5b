import type { ImportMessagesPayload } from "@inbox/shared";
import { toNumber, type WAMessage } from "baileys";
import type { InboundEvent, InboundSink } from "../../channels/types.js";
import { isGroupJid } from "../../channels/whatsapp/jid.js";
import type { HistoryBatch, SessionHooks, WhatsappConnectionRef } from "../../channels/whatsapp/socket.js";
import type { Db } from "../../db/client.js";
import { whatsapps } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { announceConnection, closeImportedTickets, IMPORT_CLOSE_PENDING } from "./session-actions.js";

export interface MessageImportDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  publicUrl: string;
  /** Ingest: imported messages take the path of every inbound message (same idempotency). */
  sink: Pick<InboundSink, "deliver">;
}

/** Messages stored per ingest call, and per progress event. */
const SLICE = 200;
const DAY_MS = 86_400_000;

type ImportConfig = NonNullable<Awaited<ReturnType<MessageImport["config"]>>>;

/**
 * Message import of a WhatsApp Web connection (spec 2 sections 3 and 4; the Whaticket family's
 * importOldMessages). When the connection opens with importOldMessages set, the session asks the
 * phone for its history; statusImportMessages takes the start time (the web's 35 s 'Preparing')
 * and `importMessages-{companyId}` says `this: -1`. Each history chunk keeps the messages between
 * importOldMessages and the end of importRecentMessages' day (now when unset), groups only with
 * importOldMessagesGroups, oldest first, and hands them to ingest marked imported: new tickets open
 * in queueIdImportMessages with their imported mark, no unread count and no bot; a message already
 * stored (same provider id on the connection) is skipped. Progress follows each slice. When the
 * phone's sync ends, the import ends: its dates are cleared (it runs once), the imported tickets are
 * closed with closedTicketsPostImported, else the connection offers to close them
 * (statusImportMessages IMPORT_CLOSE_PENDING); `refresh` tells the page.
 */
export class MessageImport {
  /** Per connection, what this import processed of what it kept so far (progress events only). */
  private readonly progress = new Map<number, { processed: number; total: number }>();

  constructor(private readonly deps: MessageImportDeps) {}

  /** The session hooks with the import added. */
  hooks(base: SessionHooks): SessionHooks {
    return {
      ...base,
      onStatus: async (connection, update) => {
        await base.onStatus(connection, update);
        if (update.status === "CONNECTED") await this.opened(connection);
      },
      onHistory: (connection, batch) => this.history(connection, batch),
      wantsHistory: async (connection) => Boolean((await this.config(connection))?.importOldMessages),
    };
  }

  /** The connection opened: with an import waiting, it is preparing. */
  async opened(connection: WhatsappConnectionRef): Promise<void> {
    const config = await this.config(connection);
    if (!config?.importOldMessages) return;
    this.progress.set(connection.id, { processed: 0, total: 0 });
    await this.setImportFields(connection, { statusImportMessages: String(Date.now()) });
    this.tell(connection, { action: "update", whatsappId: connection.id, status: { this: -1, all: -1 } });
  }

  async history(connection: WhatsappConnectionRef, batch: HistoryBatch): Promise<void> {
    const config = await this.config(connection);
    if (!config?.importOldMessages) return;
    const kept = wanted(batch.messages, config);
    const progress = this.progress.get(connection.id) ?? { processed: 0, total: 0 };
    this.progress.set(connection.id, progress);
    progress.total += kept.length;
    for (let start = 0; start < kept.length; start += SLICE) {
      const slice = kept.slice(start, start + SLICE);
      const events = (await batch.translate(slice)).flatMap((event): InboundEvent[] =>
        event.kind === "message"
          ? [{ ...event, message: { ...event.message, imported: { queueId: config.queueIdImportMessages } } }]
          : [],
      );
      await this.deps.sink.deliver(connection, events);
      progress.processed += slice.length;
      const last = slice.at(-1);
      this.tell(connection, {
        action: "update",
        whatsappId: connection.id,
        status: {
          this: progress.processed,
          all: progress.total,
          ...(last ? { date: new Date(timestampOf(last)).toISOString() } : {}),
        },
      });
    }
    if (batch.last) await this.finish(connection, config);
  }

  /** The phone's sync ended: the import runs once; its tickets closed or offered to close. */
  private async finish(connection: WhatsappConnectionRef, config: ImportConfig): Promise<void> {
    this.progress.delete(connection.id);
    // The tickets are closed before the import is marked ended, so whoever sees it ended (the
    // connection's dialog, a test) sees them closed.
    if (config.closedTicketsPostImported)
      await closeImportedTickets(this.deps, connection.companyId, connection.id);
    await this.setImportFields(connection, {
      importOldMessages: null,
      importRecentMessages: null,
      statusImportMessages: config.closedTicketsPostImported ? null : IMPORT_CLOSE_PENDING,
    });
    if (!config.closedTicketsPostImported)
      this.tell(connection, { action: "refresh", whatsappId: connection.id });
  }

  async config(connection: WhatsappConnectionRef) {
    const [row] = await this.deps.db
      .select({
        importOldMessages: whatsapps.importOldMessages,
        importRecentMessages: whatsapps.importRecentMessages,
        importOldMessagesGroups: whatsapps.importOldMessagesGroups,
        closedTicketsPostImported: whatsapps.closedTicketsPostImported,
        queueIdImportMessages: whatsapps.queueIdImportMessages,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, connection.companyId, connection.id));
    return row;
  }

  private async setImportFields(
    connection: WhatsappConnectionRef,
    values: Partial<typeof whatsapps.$inferInsert>,
  ): Promise<void> {
    await this.deps.db
      .update(whatsapps)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(whatsapps, connection.companyId, connection.id));
    await announceConnection(this.deps, connection.companyId, connection.id);
  }

  private tell(connection: WhatsappConnectionRef, payload: ImportMessagesPayload): void {
    this.deps.realtime.toCompany(connection.companyId, "importMessages", payload);
  }
}

const timestampOf = (message: WAMessage) => toNumber(message.messageTimestamp ?? 0) * 1000;

/** The chunk's messages inside the import's dates (and chats), oldest first. */
function wanted(messages: WAMessage[], config: ImportConfig): WAMessage[] {
  const from = config.importOldMessages?.getTime() ?? 0;
  // A date picked in the dialog is that day's midnight: the recent end takes the whole day.
  const to = config.importRecentMessages ? config.importRecentMessages.getTime() + DAY_MS : Date.now();
  return messages
    .filter((message) => {
      const at = timestampOf(message);
      if (!message.key.id || at < from || at >= to) return false;
      return !isGroupJid(message.key.remoteJid) || config.importOldMessagesGroups;
    })
    .sort((a, b) => timestampOf(a) - timestampOf(b));
}

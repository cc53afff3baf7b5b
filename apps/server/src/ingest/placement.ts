import type { ContactRef, InboundMessage } from "../channels/types.js";
import type { ContactRow, TicketRow } from "../modules/tickets/presenter.js";
import { credentials, type IngestConnection } from "./connection.js";
import type { InboundMedia, StoredMedia } from "./inbound-media.js";
import { mapLimit } from "./map-limit.js";
import { contactChannel, normalizePhone } from "./phone.js";
import type { ProfileLookup } from "./profiles.js";
import { contactNeedsUpdate, type IngestRepo } from "./repo.js";

type Connection = IngestConnection;

/**
 * The first step of storing inbound messages (IngestService.prepareMany): who wrote and in which
 * conversation, with each message's file saved. The second step, storing them, is the service's.
 */
export class MessagePlacement {
  constructor(private readonly deps: { repo: IngestRepo; profiles: ProfileLookup; media: InboundMedia }) {}

  /**
   * Each new message's contact and non-closed ticket: contacts and their open tickets read in
   * one query, created only where missing (a ticket closed within the connection's
   * timeCreateNewTicket minutes is reopened instead of a new one), then its file downloaded.
   * Idempotent: a message already stored whose ticket was closed since opens or reopens nothing.
   */
  async place(items: { connection: Connection; message: InboundMessage }[]): Promise<PlacedMessage[]> {
    let wanted = items.filter(({ connection, message }) => !message.group || connection.allowGroup);
    wanted = await this.withoutStoredMedia(wanted);
    if (wanted.length === 0) return [];

    // Who wrote, on which connection: one key per (contact, connection).
    const keys = new Map<string, PartyKey & { index: number }>();
    const keyOf = wanted.map(({ connection, message }) => {
      const input = contactInputOf(connection, message);
      const key = `${input.companyId}:${input.channel}:${input.number}:${connection.id}`;
      const entry = keys.get(key) ?? {
        index: keys.size,
        input,
        connection,
        providerIds: [],
        imported: message.imported,
      };
      entry.providerIds.push(message.providerMessageId);
      keys.set(key, entry);
      return key;
    });
    const parties = await this.parties([...keys.values()]);
    // Each message with its conversation; already stored ones whose ticket was closed since have none.
    const placed = wanted.flatMap((item, i) => {
      const party = parties[keys.get(keyOf[i] as string)?.index ?? -1];
      if (!party) throw new Error("no contact resolved for a message");
      const { contact, ticket, reopened } = party;
      return ticket ? [{ ...item, contact, ticket, reopened }] : [];
    });
    const media = await mapLimit(placed, 4, ({ connection, message }) =>
      this.deps.media.store(connection, message),
    );
    return placed.map((item, i) => ({ ...item, file: media[i] ?? { url: null } }));
  }

  /** A redelivered media message is not downloaded again: one read per connection says which are stored. */
  private async withoutStoredMedia<T extends { connection: Connection; message: InboundMessage }>(
    items: T[],
  ): Promise<T[]> {
    const byConnection = new Map<number, T[]>();
    for (const item of items) {
      if (!item.message.media) continue;
      byConnection.set(item.connection.id, [...(byConnection.get(item.connection.id) ?? []), item]);
    }
    if (byConnection.size === 0) return items;
    const skip = new Set<T>();
    for (const group of byConnection.values()) {
      const { connection } = group[0] as T;
      const stored = await this.deps.repo.storedProviderIds(
        connection.companyId,
        connection.id,
        group.map((g) => g.message.providerMessageId),
      );
      for (const item of group) if (stored.has(item.message.providerMessageId)) skip.add(item);
    }
    return items.filter((item) => !skip.has(item));
  }

  /**
   * Each key's contact and non-closed ticket, in the keys' order: one read
   * for the known ones; contacts created or renamed, closed tickets reopened
   * and tickets opened only where needed. A key with no open ticket whose
   * messages are all stored already (a redelivery after a close) gets none:
   * `ticket` is null. `reopened`: the ticket as it was closed, when the
   * connection's timeCreateNewTicket brought it back.
   */
  private async parties(keys: PartyKey[]): Promise<Party[]> {
    const known = await this.deps.repo.contactsWithOpenTickets(
      keys.map(({ input, connection, providerIds }) => ({
        ...input,
        whatsappId: connection.id,
        reopenMinutes: connection.timeCreateNewTicket,
        providerIds,
      })),
    );
    await this.withProfiles(keys, known);
    const contactKey = (c: { companyId: number; channel: string; number: string }) =>
      `${c.companyId}:${c.channel}:${c.number}`;
    const toWrite = new Map<string, ContactInput>();
    for (const [i, { input }] of keys.entries()) {
      const found = known.get(i);
      if (!found || contactNeedsUpdate(found.contact, input)) toWrite.set(contactKey(input), input);
    }
    const written = new Map(
      (await this.deps.repo.upsertContacts([...toWrite.values()])).map((c) => [contactKey(c), c]),
    );
    const contactsOf = keys.map(({ input }, i) => {
      const contact = written.get(contactKey(input)) ?? known.get(i)?.contact;
      if (!contact) throw new Error("contact upsert returned no row");
      return contact;
    });
    // Keys that need a ticket: no open one, and something new to put in it.
    const needy = keys.flatMap((_, i) => {
      const found = known.get(i);
      return found?.ticket || (found && !found.fresh) ? [] : [i];
    });
    const reopened = await this.deps.repo.reopenTickets(
      needy.flatMap((i) => {
        const closed = known.get(i)?.reopen;
        return closed ? [{ companyId: closed.companyId, ticketId: closed.id }] : [];
      }),
    );
    const pair = (i: number) => `${(contactsOf[i] as ContactRow).id}:${(keys[i] as PartyKey).connection.id}`;
    const opened = await this.deps.repo.openTickets(
      needy.flatMap((i) => {
        if (reopened.has(pair(i))) return [];
        const { input, connection } = keys[i] as PartyKey;
        return [
          {
            companyId: input.companyId,
            contactId: (contactsOf[i] as ContactRow).id,
            whatsappId: connection.id,
            channel: connection.channel,
            isGroup: input.isGroup,
            imported: (keys[i] as PartyKey).imported,
          },
        ];
      }),
    );
    const wanted = new Set(needy);
    return keys.map((_, i) => {
      const contact = contactsOf[i] as ContactRow;
      const found = known.get(i);
      if (!wanted.has(i)) return { contact, ticket: found?.ticket ?? null };
      const back = reopened.get(pair(i));
      if (back) return { contact, ticket: back, reopened: found?.reopen ?? undefined };
      const ticket = opened.get(pair(i));
      if (!ticket) throw new Error("no open ticket resolved");
      return { contact, ticket };
    });
  }

  /** One caller's contact and ticket, found, reopened or opened as a message of theirs would be. */
  async partyOf(connection: Connection, contact: ContactRef): Promise<Party> {
    const input = contactInputOf(connection, { contact });
    const [party] = await this.parties([{ input, connection, providerIds: [] }]);
    if (!party) throw new Error("no party resolved for a caller");
    return party;
  }

  /**
   * Messenger and Instagram contacts still named by their id (new ones, or
   * ones whose lookup failed before) take the name and picture of the Graph
   * profile lookup; contacts an attendant named are not looked up.
   */
  private async withProfiles(
    keys: { input: ContactInput; connection: Connection }[],
    known: Map<number, { contact: ContactRow }>,
  ): Promise<void> {
    const wanted = keys.filter(({ input, connection }, i) => {
      if (input.isGroup || input.name) return false;
      if (connection.channel !== "facebook" && connection.channel !== "instagram") return false;
      const contact = known.get(i)?.contact;
      return !contact || contact.name === contact.number || !contact.profilePicUrl;
    });
    await mapLimit(wanted, 4, async ({ input, connection }) => {
      const profile = await this.deps.profiles.get(credentials(connection), input.number);
      if (profile?.name) input.name = profile.name;
      if (profile?.profilePicUrl) input.profilePicUrl = profile.profilePicUrl;
    });
  }
}

/** Digits for phone numbers (Brazil's ninth digit added); provider ids and `@lid` privacy ids as they are. */
function contactNumber(channel: string, message: Pick<InboundMessage, "contact" | "group">): string {
  if (message.group) return message.group.id;
  const id = message.contact.id;
  return channel === "whatsapp" && !id.includes("@") ? normalizePhone(id) : id;
}

type ContactInput = ReturnType<typeof contactInputOf>;

/** One (contact, connection) of a batch, with the provider ids of its messages. */
interface PartyKey {
  input: ContactInput;
  connection: Connection;
  providerIds: string[];
  /** The key's messages come from a history import: a ticket it opens is marked so. */
  imported?: { queueId: number | null };
}

export interface Party {
  contact: ContactRow;
  ticket: TicketRow | null;
  reopened?: TicketRow;
}

/** A message with its conversation and its file, ready to be stored (`commitMessages`). */
export interface PlacedMessage {
  connection: Connection;
  message: InboundMessage;
  contact: ContactRow;
  ticket: TicketRow;
  /** The ticket as it was closed, when this batch reopened it. */
  reopened?: TicketRow;
  file: StoredMedia;
}

function contactInputOf(connection: Connection, message: Pick<InboundMessage, "contact" | "group">) {
  const channel = contactChannel(connection.channel);
  return {
    companyId: connection.companyId,
    channel,
    number: contactNumber(channel, message),
    name: (message.group ? message.group.name : message.contact.name) ?? "",
    isGroup: Boolean(message.group),
    lid: message.group ? undefined : message.contact.lid,
    profilePicUrl: undefined as string | undefined,
    whatsappId: connection.id,
  };
}

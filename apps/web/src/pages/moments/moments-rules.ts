import {
  type ContactDto,
  MOMENTS_COLUMN_CAP,
  type MomentItem,
  momentColumnOf,
  type QueueEventPayload,
  type TicketDto,
  type UserEventPayload,
  type UsersMoments,
} from "@inbox/shared";

/**
 * The attendance panel's live rules: each event changes the cached
 * GET /usersMoments answer in place (a card enters, moves between columns,
 * leaves; names and colours follow their user, contact and queue). Pure
 * functions: they return the same object when nothing changed, a copy
 * otherwise.
 */

/** A column of the panel: 'Pendentes' (userId null) or a user's. */
export interface MomentColumn {
  userId: number | null;
  name: string;
  online: boolean;
  cards: MomentItem[];
  /** Tickets the column holds, cards shown or not (the server shows at most MOMENTS_COLUMN_CAP). */
  count: number;
}

/** Most recently updated first, then the newer id. */
const newerFirst = (a: MomentItem, b: MomentItem) =>
  b.updatedAt === a.updatedAt ? b.id - a.id : b.updatedAt < a.updatedAt ? -1 : 1;

const columnOf = (card: Pick<MomentItem, "status" | "userId">) => momentColumnOf(card);

/** 'Pendentes' first, then one column per user by name (the server's order). */
export function columnsOf(data: UsersMoments): MomentColumn[] {
  const cardsBy = new Map<number | null, MomentItem[]>();
  for (const card of data.tickets) {
    const key = columnOf(card);
    if (key === undefined) continue;
    const list = cardsBy.get(key) ?? [];
    list.push(card);
    cardsBy.set(key, list);
  }
  const countOf = (userId: number | null) => {
    const cards = cardsBy.get(userId)?.length ?? 0;
    return Math.max(cards, data.columns.find((c) => c.userId === userId)?.count ?? 0);
  };
  return [
    { userId: null, name: "", online: false, cards: cardsBy.get(null) ?? [], count: countOf(null) },
    ...data.users.map((user) => ({
      userId: user.id,
      name: user.name,
      online: user.online,
      cards: cardsBy.get(user.id) ?? [],
      count: countOf(user.id),
    })),
  ];
}

/** A column's size moved by `delta` (never below zero; a column at zero is dropped). */
function recount(
  columns: UsersMoments["columns"],
  userId: number | null | undefined,
  delta: number,
): UsersMoments["columns"] {
  if (userId === undefined || delta === 0) return columns;
  const current = columns.find((c) => c.userId === userId)?.count ?? 0;
  const next = Math.max(0, current + delta);
  const rest = columns.filter((c) => c.userId !== userId);
  return next === 0 ? rest : [...rest, { userId, count: next }];
}

/** The card a ticket event makes: the event's own fields; the contact from the event or the card before. */
function cardFrom(ticket: TicketDto, before: MomentItem | undefined): MomentItem {
  const contact = ticket.contact
    ? {
        id: ticket.contact.id,
        name: ticket.contact.name,
        number: ticket.contact.number,
        profilePicUrl: ticket.contact.profilePicUrl,
      }
    : (before?.contact ?? { id: ticket.contactId, name: "", number: "", profilePicUrl: null });
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    whatsappId: ticket.whatsappId,
    contact,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
  };
}

/**
 * The panel's queue and connection lists learn those a ticket event names and
 * they lack (a connection made after the panel loaded), so its card can draw them.
 */
function withRelatedOf(data: UsersMoments, ticket: TicketDto): UsersMoments {
  const { queue, whatsapp } = ticket;
  const newQueue = queue && !data.queues.some((q) => q.id === queue.id);
  const newWhatsapp = whatsapp && !data.whatsapps.some((w) => w.id === whatsapp.id);
  if (!newQueue && !newWhatsapp) return data;
  return {
    ...data,
    queues: newQueue ? [...data.queues, { id: queue.id, name: queue.name, color: queue.color }] : data.queues,
    whatsapps: newWhatsapp
      ? [...data.whatsapps, { id: whatsapp.id, name: whatsapp.name, channel: whatsapp.channel }]
      : data.whatsapps,
  };
}

/**
 * A ticket was created or changed (`company-{id}-ticket` create/update, or the
 * ticket of an `appMessage` create): its card enters, moves to the column its
 * status and user say, or leaves when it is neither open nor pending. An event
 * older than the card (the load raced it) changes nothing. A column keeps at
 * most `cap` cards, the most recent.
 */
export function applyMomentTicket(
  data: UsersMoments,
  ticket: TicketDto,
  cap = MOMENTS_COLUMN_CAP,
): UsersMoments {
  const before = data.tickets.find((card) => card.id === ticket.id);
  if (before && before.updatedAt > ticket.updatedAt) return data;
  data = withRelatedOf(data, ticket);
  const from = before ? columnOf(before) : undefined;
  const to = momentColumnOf(ticket);
  if (!before && to === undefined) return data;

  let tickets = data.tickets.filter((card) => card.id !== ticket.id);
  let columns = data.columns;
  if (from !== to) {
    columns = recount(columns, from, -1);
    columns = recount(columns, to, 1);
  }
  if (to !== undefined) {
    tickets = [...tickets, cardFrom(ticket, before)].sort(newerFirst);
    // The column keeps its `cap` most recent cards (the count still says how many it holds).
    const inColumn = tickets.filter((card) => columnOf(card) === to);
    if (inColumn.length > cap) {
      const dropped = new Set(inColumn.slice(cap).map((card) => card.id));
      tickets = tickets.filter((card) => !dropped.has(card.id));
    }
  }
  return { ...data, tickets, columns };
}

/** A ticket was deleted: its card leaves and its column counts one less. */
export function applyMomentDelete(data: UsersMoments, ticketId: number): UsersMoments {
  const before = data.tickets.find((card) => card.id === ticketId);
  if (!before) return data;
  return {
    ...data,
    tickets: data.tickets.filter((card) => card.id !== ticketId),
    columns: recount(data.columns, columnOf(before), -1),
  };
}

/**
 * `company-{id}-user`: a new user gets a column, a renamed one keeps it under
 * the new name; a deleted user's column goes, and the open
 * tickets they held, now held by nobody, wait in 'Pendentes'.
 */
export function applyMomentUser(data: UsersMoments, payload: UserEventPayload): UsersMoments {
  if (payload.action === "delete") {
    const { userId } = payload;
    if (!data.users.some((u) => u.id === userId)) return data;
    const moved = data.columns.find((c) => c.userId === userId)?.count ?? 0;
    return {
      ...data,
      users: data.users.filter((u) => u.id !== userId),
      columns: recount(
        data.columns.filter((c) => c.userId !== userId),
        null,
        moved,
      ),
      tickets: data.tickets.map((card) => (card.userId === userId ? { ...card, userId: null } : card)),
    };
  }
  const { id, name, online } = payload.user;
  const row = { id, name, online };
  const users = [...data.users.filter((u) => u.id !== id), row].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  );
  return { ...data, users };
}

/** `company-{id}-contact` update: the contact's cards show its new name, number and picture. */
export function applyMomentContact(data: UsersMoments, contact: ContactDto): UsersMoments {
  if (!data.tickets.some((card) => card.contact.id === contact.id)) return data;
  return {
    ...data,
    tickets: data.tickets.map((card) =>
      card.contact.id === contact.id
        ? {
            ...card,
            contact: {
              id: contact.id,
              name: contact.name,
              number: contact.number,
              profilePicUrl: contact.profilePicUrl,
            },
          }
        : card,
    ),
  };
}

/** `company-{id}-queue`: the queue's cards follow its name and colour; a deleted queue leaves its cards without one. */
export function applyMomentQueue(data: UsersMoments, payload: QueueEventPayload): UsersMoments {
  if (payload.action === "delete") {
    return {
      ...data,
      queues: data.queues.filter((q) => q.id !== payload.queueId),
      tickets: data.tickets.map((card) =>
        card.queueId === payload.queueId ? { ...card, queueId: null } : card,
      ),
    };
  }
  const queue = { id: payload.queue.id, name: payload.queue.name, color: payload.queue.color };
  // Cards name their queue by id: the list's new name and colour are theirs.
  return { ...data, queues: [...data.queues.filter((q) => q.id !== queue.id), queue] };
}

import {
  type AppMessageEventPayload,
  type ContactDto,
  type ContactList,
  type ContactListImportDto,
  type ContactListItemDto,
  type ContactRefDto,
  contactDto,
  contactListDto,
  contactListImportDto,
  contactListItemDto,
  contactRefDto,
  type DashboardMoment,
  dashboardMomentDto,
  type KanbanBoard,
  type MessageDto,
  type MessageList,
  maskNumber,
  messageDto,
  messageListDto,
  momentItemDto,
  type ReportPage,
  reportRowDto,
  type TagContactsPageDto,
  type TicketDto,
  type TicketEventPayload,
  type TicketList,
  ticketDto,
  ticketListDto,
  type UsersMoments,
} from "@inbox/shared";
import type { z } from "zod";

/**
 * Every field that carries a person's phone number, and how an ordinary user
 * receives it when the company hides numbers (LGPD): the contact's number
 * (contacts, a ticket's contact, attendance moments, ticket report rows), a group message's
 * participant, who reacted to a message and the numbers on contact cards. Each function returns a copy
 * with those fields masked (`maskNumber`) and everything else untouched.
 */
export const maskContactRef = <T extends ContactRefDto | ContactDto>(contact: T): T => ({
  ...contact,
  number: maskNumber(contact.number),
});

export const maskContactList = (list: ContactList): ContactList => ({
  ...list,
  contacts: list.contacts.map(maskContactRef),
});

export const maskTagContacts = (page: TagContactsPageDto): TagContactsPageDto => ({
  ...page,
  contacts: page.contacts.map((contact) => ({ ...contact, number: maskNumber(contact.number) })),
});

export const maskContactListItem = (item: ContactListItemDto): ContactListItemDto => ({
  ...item,
  number: maskNumber(item.number),
});

export const maskContactListItemPage = <T extends { contacts: ContactListItemDto[] }>(page: T): T => ({
  ...page,
  contacts: page.contacts.map(maskContactListItem),
});

/** A contact list import's refused rows carry the number as the row wrote it. */
export const maskContactListImport = (dto: ContactListImportDto | null): ContactListImportDto | null =>
  dto && {
    ...dto,
    refused: dto.refused.map((row) => (row.number ? { ...row, number: maskNumber(row.number) } : row)),
  };

export const maskContactRefs = (contacts: ContactRefDto[]): ContactRefDto[] => contacts.map(maskContactRef);

export const maskTicket = (ticket: TicketDto): TicketDto =>
  ticket.contact ? { ...ticket, contact: maskContactRef(ticket.contact) } : ticket;

export const maskTicketList = (list: TicketList): TicketList => ({
  ...list,
  tickets: list.tickets.map(maskTicket),
});

export const maskKanbanBoard = (board: KanbanBoard): KanbanBoard => ({
  lanes: board.lanes.map((lane) => ({ ...lane, tickets: lane.tickets.map(maskTicket) })),
});

export function maskMessage(message: MessageDto): MessageDto {
  return {
    ...message,
    ...(message.participant ? { participant: maskNumber(message.participant) } : {}),
    // Who reacted: the contact's number (ours are "me").
    reactions: message.reactions.map((r) => (r.fromMe ? r : { ...r, by: maskNumber(r.by) })),
    ...(message.contactCards
      ? {
          contactCards: message.contactCards.map((card) => ({
            ...card,
            number: card.number ? maskNumber(card.number) : card.number,
          })),
        }
      : {}),
  };
}

export const maskMessages = (messages: MessageDto[]): MessageDto[] => messages.map(maskMessage);

export const maskMessageList = (list: MessageList): MessageList => ({
  ...list,
  messages: list.messages.map(maskMessage),
  ticket: maskTicket(list.ticket),
});

export const maskMoments = (moments: DashboardMoment[]): DashboardMoment[] =>
  moments.map((moment) => ({
    ...moment,
    contact: { ...moment.contact, number: maskNumber(moment.contact.number) },
  }));

export const maskUsersMoments = (moments: UsersMoments): UsersMoments => ({
  ...moments,
  tickets: moments.tickets.map((card) => ({
    ...card,
    contact: { ...card.contact, number: maskNumber(card.contact.number) },
  })),
});

export const maskReportPage = (page: ReportPage): ReportPage => ({
  ...page,
  tickets: page.tickets.map((row) => ({ ...row, contactNumber: maskNumber(row.contactNumber) })),
});

export function maskTicketEvent(payload: TicketEventPayload & { ticket?: TicketDto }) {
  return payload.ticket ? { ...payload, ticket: maskTicket(payload.ticket) } : payload;
}

export function maskAppMessageEvent(payload: AppMessageEventPayload): AppMessageEventPayload {
  if (payload.action === "delete") return payload;
  if (payload.action === "update") return { ...payload, message: maskMessage(payload.message) };
  return {
    ...payload,
    message: maskMessage(payload.message),
    ...(payload.ticket ? { ticket: maskTicket(payload.ticket) } : {}),
    ...(payload.contact ? { contact: maskContactRef(payload.contact) } : {}),
  };
}

/**
 * The response schemas that hold a number somewhere inside. A route whose
 * answer contains one of them must say how its answer is masked
 * (`config.numbers`), or the app refuses to start (http/app.ts).
 */
const NUMBER_BEARING: ReadonlySet<z.ZodType> = new Set<z.ZodType>([
  contactRefDto,
  contactDto,
  messageDto,
  dashboardMomentDto,
  momentItemDto,
  ticketDto,
  ticketListDto,
  messageListDto,
  contactListDto,
  reportRowDto,
  contactListItemDto,
  contactListImportDto,
]);

/** Whether a zod schema (a route's response) contains a number-bearing schema anywhere inside. */
export function carriesNumbers(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return false;
  seen.add(schema);
  if (NUMBER_BEARING.has(schema as z.ZodType)) return true;
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return false;
  const children: unknown[] = [];
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape && typeof shape === "object") children.push(...Object.values(shape));
  for (const key of ["element", "innerType", "in", "out", "left", "right", "valueType", "rest"])
    if (def[key]) children.push(def[key]);
  for (const key of ["options", "items"])
    if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  if (typeof def.getter === "function") children.push((def.getter as () => unknown)());
  return children.some((child) => carriesNumbers(child, seen));
}

/** The app's onRoute check: a route answering a number-bearing schema without `config.numbers` stops the start. */
export function assertMasksNumbers(route: {
  method: unknown;
  url: string;
  config?: { numbers?: unknown } | null;
  schema?: { response?: unknown } | null;
}): void {
  const responses = Object.values((route.schema?.response ?? {}) as Record<string, unknown>);
  if (!route.config?.numbers && responses.some((schema) => carriesNumbers(schema)))
    throw new Error(`${String(route.method)} ${route.url} answers contacts' numbers without config.numbers`);
}

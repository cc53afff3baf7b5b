import type { MessageDto, TicketDto, TicketList } from "@inbox/shared";
import type { MessagePages, TicketPages } from "../realtime/ticket-list-rules";

/** A ticket as GET /tickets answers it. */
export function buildTicket(overrides: Partial<TicketDto> = {}): TicketDto {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    status: "pending",
    channel: "whatsappapi",
    contactId: id,
    whatsappId: 1,
    userId: null,
    queueId: null,
    isGroup: false,
    isBot: false,
    lastMessage: "Olá",
    unreadMessages: 0,
    useIntegration: false,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    contact: {
      id,
      name: `Contato ${id}`,
      number: `55119999${String(id).padStart(5, "0")}`,
      channel: "whatsapp",
      isGroup: false,
      profilePicUrl: null,
    },
    queue: null,
    user: null,
    whatsapp: { id: 1, name: "Vendas", channel: "whatsappapi", status: "CONNECTED" },
    tags: [],
    ...overrides,
  };
}

/** Cached pages of a list, as useInfiniteQuery holds them. */
export function pagesOf(
  ...pages: { tickets: TicketDto[]; count?: number; hasMore?: boolean }[]
): TicketPages {
  const total = pages.reduce((sum, page) => sum + page.tickets.length, 0);
  return {
    pages: pages.map(
      (page): TicketList => ({
        tickets: page.tickets,
        count: page.count ?? total,
        hasMore: page.hasMore ?? false,
      }),
    ),
    pageParams: pages.map((_, i) => i + 1),
  };
}

export function buildMessage(overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id: 1,
    ticketId: 1,
    contactId: 1,
    body: "Oi",
    fromMe: false,
    mediaType: "chat",
    mediaUrl: null,
    ack: 0,
    read: false,
    isPrivate: false,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    userId: null,
    quotedMsgId: null,
    reactions: [],
    sendError: null,
    sendErrorMessage: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function messagePagesOf(ticket: TicketDto, ...pages: MessageDto[][]): MessagePages {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return {
    pages: pages.map((messages, i) => ({ messages, ticket, count, hasMore: i < pages.length - 1 })),
    pageParams: pages.map((_, i) => i + 1),
  };
}

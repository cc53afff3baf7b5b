import type { MessageDto, TicketDto, TicketVisibilityFacts } from "@inbox/shared";
import { maskAppMessageEvent, maskTicketEvent } from "../privacy/number-masks.js";
import type { NumberPrivacy } from "../privacy/number-privacy.js";
import { type Realtime, rooms } from "./realtime.js";
import { momentsRoom, ticketRooms } from "./ticket-audience.js";

/**
 * The one way ticket and message events leave the server (spec 1 section 7:
 * `company-{id}-ticket` and `company-{id}-appMessage` with create, update,
 * delete). Callers say what happened; this class decides which rooms hear
 * it: the open conversation's room and the audience rooms of the users who
 * may see the ticket (spec 1 section 6), never the whole company. When the
 * company hides numbers (LGPD), ordinary users' sockets get the payload with
 * the contact's number, participants and card numbers masked (Realtime
 * toRoomsByNumbers); events of a company leave in the order they were made.
 */
export class TicketEvents {
  constructor(
    private readonly realtime: Realtime,
    private readonly numbers: NumberPrivacy,
  ) {}

  /**
   * A ticket was created or changed (status, user, queue, unread, last message…).
   * `before`: the ticket as it was when a transition moved it (accept, return,
   * transfer, close): the users who saw it then hear the update too, so their
   * lists drop it (the web applies canSeeTicket to every update).
   */
  ticketChanged(
    companyId: number,
    ticket: TicketDto,
    action: "create" | "update" = "update",
    before?: TicketVisibilityFacts,
  ): void {
    const now = this.listRooms(companyId, ticket);
    const audience = new Set([...now, momentsRoom(companyId)]);
    if (before) for (const room of ticketRooms(companyId, before)) audience.add(room);
    const conversation = rooms.ticket(companyId, ticket.id);
    this.emit(companyId, [conversation, ...audience], "ticket", { action, ticket }, maskTicketEvent, () => {
      // After a transition, whoever may no longer see the ticket stops hearing its conversation
      // (they heard this update first, so their screen can leave it).
      if (before) this.realtime.leaveRoomUnlessIn(companyId, conversation, now);
    });
  }

  /** A ticket was deleted; lists drop it by id. */
  ticketDeleted(companyId: number, ticket: TicketDto): void {
    this.emit(
      companyId,
      [rooms.ticket(companyId, ticket.id), ...this.listRooms(companyId, ticket), momentsRoom(companyId)],
      "ticket",
      { action: "delete", ticketId: ticket.id, ticket },
      maskTicketEvent,
    );
  }

  /** A new message: the open conversation, the lists (move to top, unread) and the notifications hear it. */
  messageCreated(companyId: number, ticket: TicketDto, message: MessageDto): void {
    const listRooms = this.listRooms(companyId, ticket);
    this.emit(
      companyId,
      [rooms.ticket(companyId, ticket.id), ...listRooms],
      "appMessage",
      { action: "create", message, ticket, ...(ticket.contact ? { contact: ticket.contact } : {}) },
      maskAppMessageEvent,
    );
    // The attendance panel hears the ticket's move (last message, unread), not the message itself.
    this.emit(
      companyId,
      [...listRooms, momentsRoom(companyId)],
      "ticket",
      { action: "update", ticket },
      maskTicketEvent,
    );
  }

  /** A message changed (ack, edit, delete mark, reactions): the conversations showing it. */
  messageUpdated(companyId: number, ticketId: number, message: MessageDto): void {
    this.emit(
      companyId,
      [rooms.ticket(companyId, ticketId)],
      "appMessage",
      { action: "update", message },
      maskAppMessageEvent,
    );
  }

  /**
   * Emits with the payload each socket may see: whole for everyone when the
   * company shows numbers, masked for ordinary users when it hides them.
   * `after` runs once the event is out.
   */
  private emit<P extends object>(
    companyId: number,
    roomNames: string[],
    topic: "ticket" | "appMessage",
    payload: P,
    mask: (payload: P) => object,
    after?: () => void,
  ): void {
    this.numbers.inOrder(companyId, (hides) => {
      this.realtime.toRoomsByNumbers(companyId, roomNames, topic, {
        whole: payload,
        ...(hides ? { masked: mask(payload) } : {}),
      });
      after?.();
    });
  }

  /** The rooms of the users who may see this ticket (ticket-audience.ts). */
  private listRooms(companyId: number, ticket: TicketDto): string[] {
    return ticketRooms(companyId, ticket);
  }
}

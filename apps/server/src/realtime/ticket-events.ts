import type { MessageDto, TicketDto, TicketEventPayload, TicketVisibilityFacts } from "@inbox/shared";
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
   * transfer, close). The users who saw it then and may not any more hear only
   * its removal (`delete` with the ticket's id: not its new holder and queue),
   * and their sockets leave its conversation; those who see it now hear the update.
   * `assignedBy`: the user who handed it to its holder (their screen calls them).
   */
  ticketChanged(
    companyId: number,
    ticket: TicketDto,
    action: "create" | "update" = "update",
    before?: TicketVisibilityFacts,
    assignedBy?: number,
  ): void {
    const now = this.listRooms(companyId, ticket);
    const moments = momentsRoom(companyId);
    const conversation = rooms.ticket(companyId, ticket.id);
    const payload: TicketEventPayload = {
      action,
      ticket,
      ...(assignedBy !== undefined ? { assignedBy } : {}),
    };
    if (!before) {
      this.emit(companyId, [conversation, ...now, moments], "ticket", payload, maskTicketEvent);
      return;
    }
    // Every socket still seeing the ticket is in a room of `now` (the attendance panel's in `moments`):
    // the conversation's room does not hear the update, or one who lost sight of it would.
    const lost = ticketRooms(companyId, before).filter((room) => !now.includes(room));
    const removal = { action: "delete" as const, ticketId: ticket.id };
    this.emit(
      companyId,
      [conversation, ...lost],
      "ticket",
      removal,
      (payload) => payload,
      () => this.realtime.leaveRoomUnlessIn(companyId, conversation, now),
      [...now, moments],
    );
    this.emit(companyId, [...now, moments], "ticket", payload, maskTicketEvent);
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
   * `after` runs once the event is out; sockets in a room of `except` do not hear it.
   */
  private emit<P extends object>(
    companyId: number,
    roomNames: string[],
    topic: "ticket" | "appMessage",
    payload: P,
    mask: (payload: P) => object,
    after?: () => void,
    except: string[] = [],
  ): void {
    this.numbers.inOrder(companyId, (hides) => {
      this.realtime.toRoomsByNumbers(
        companyId,
        roomNames,
        topic,
        { whole: payload, ...(hides ? { masked: mask(payload) } : {}) },
        except,
      );
      after?.();
    });
  }

  /** The rooms of the users who may see this ticket (ticket-audience.ts). */
  private listRooms(companyId: number, ticket: TicketDto): string[] {
    return ticketRooms(companyId, ticket);
  }
}

import { type CompanyTopic, companyEvent, type TicketScope } from "@inbox/shared";
import type { Server } from "socket.io";
import { audiencePrefix, momentsRoom, viewerRooms } from "./ticket-audience.js";

/** A user's ticket view scope, and whether they may always see contacts' numbers (admin, super). */
export type ScopeResolver = (
  companyId: number,
  userId: number,
) => Promise<{ scope: TicketScope; wholeNumbers: boolean; watchesMoments?: boolean } | undefined>;

/** An event whose payload depends on whether its receiver may see contacts' numbers (LGPD). */
export interface NumbersPayloads {
  whole: object;
  /** For the sockets of ordinary users; absent when the company shows them numbers (everyone gets `whole`). */
  masked?: object;
}

/** Where Realtime reports what it could not do across nodes (the server's logger). */
type WarningLog = { warn(obj: object, msg: string): void };

/** Room names. A socket only ever joins rooms of its own company. */
export const rooms = {
  company: (companyId: number) => `c:${companyId}`,
  user: (companyId: number, userId: number) => `c:${companyId}:u:${userId}`,
  notification: (companyId: number) => `c:${companyId}:notification`,
  status: (companyId: number, status: string) => `c:${companyId}:status:${status}`,
  ticket: (companyId: number, ticketId: number) => `c:${companyId}:ticket:${ticketId}`,
  /**
   * Every socket is in exactly one of these two (LGPD): its user may always
   * see contacts' numbers (admin, super: `whole`) or gets them masked when the
   * company hides them (`masked`). An event that carries a number goes to its
   * rooms twice, once except each of these, so each socket gets its own payload.
   */
  numbers: (companyId: number, whole: boolean) => `c:${companyId}:numbers:${whole ? "whole" : "masked"}`,
};

/**
 * The one way the server pushes events. Every event name is
 * `company-{id}-{topic}` and goes to a room of that same company, so a socket
 * of another company cannot receive it.
 */
export class Realtime {
  private io?: Server;
  private scopeOf?: ScopeResolver;
  private logger?: WarningLog;

  /** `scopeOf` answers a user's ticket view scope, for the audience rooms (ticket-audience.ts). */
  attach(io: Server, options: { scopeOf?: ScopeResolver; logger?: WarningLog } = {}): void {
    this.io = io;
    this.scopeOf = options.scopeOf;
    this.logger = options.logger;
  }

  /**
   * A user's sockets on every node. With several nodes the adapter asks the others through Redis;
   * when it cannot (Redis away) this node's sockets are answered alone, so a login or a rights
   * change still succeeds and applies here, and the other nodes' sockets keep their old state
   * until they reconnect or their token expires.
   */
  private async userSockets(io: Server, companyId: number, userId: number) {
    const room = rooms.user(companyId, userId);
    try {
      return await io.in(room).fetchSockets();
    } catch (err) {
      this.logger?.warn({ err, companyId, userId }, "other nodes' sockets unreachable; this node's only");
      return io.local.in(room).fetchSockets();
    }
  }

  /**
   * A user's rights or queues changed: their sockets (on every node) leave
   * the ticket audience rooms and join the ones of the new scope, so from now
   * on they hear exactly about the tickets they may see.
   */
  async refreshAudience(companyId: number, userId: number): Promise<void> {
    if (!this.io || !this.scopeOf) return;
    const viewer = await this.scopeOf(companyId, userId);
    const next = viewer ? viewerRooms(companyId, viewer.scope) : [];
    // The attendance panel's room stays joined only while the user may still watch the panel.
    const keep = viewer?.watchesMoments ? [...next, momentsRoom(companyId)] : next;
    // A user who does not exist any more keeps masked numbers until their sockets close.
    const whole = viewer?.wholeNumbers ?? false;
    const prefix = audiencePrefix(companyId);
    for (const socket of await this.userSockets(this.io, companyId, userId)) {
      // Join the new numbers room before leaving the old one: a socket in both hears neither payload.
      socket.join(rooms.numbers(companyId, whole));
      socket.leave(rooms.numbers(companyId, !whole));
      for (const room of socket.rooms)
        if (room.startsWith(prefix) && !keep.includes(room)) socket.leave(room);
      socket.join(next);
    }
  }

  /** Shutting down: later emits (a session's last status, a straggling job) go nowhere instead of failing. */
  detach(): void {
    this.io = undefined;
  }

  get server(): Server | undefined {
    return this.io;
  }

  toCompany(companyId: number, topic: CompanyTopic, payload: object): void {
    this.io?.to(rooms.company(companyId)).emit(companyEvent(companyId, topic), payload);
  }

  toUser(companyId: number, userId: number, topic: CompanyTopic, payload: object): void {
    this.io?.to(rooms.user(companyId, userId)).emit(companyEvent(companyId, topic), payload);
  }

  /** One emit to several rooms of a company: a socket in more than one gets it once. */
  toRooms(companyId: number, roomNames: string[], topic: CompanyTopic, payload: object): void {
    const prefix = `${rooms.company(companyId)}:`;
    if (roomNames.some((r) => !r.startsWith(prefix)))
      throw new Error(`a room is not of company ${companyId}`);
    this.io?.to(roomNames).emit(companyEvent(companyId, topic), payload);
  }

  /**
   * One event to several rooms, with the payload each socket's user may see
   * (LGPD): `whole` to the sockets outside the masked numbers room, `masked`
   * to those outside the whole one; none to the sockets in a room of `except`. Works across nodes: the adapter carries
   * the rooms and exceptions, no socket is looked at here.
   */
  toRoomsByNumbers(
    companyId: number,
    roomNames: string[],
    topic: CompanyTopic,
    payloads: NumbersPayloads,
    except: string[] = [],
  ): void {
    if (!payloads.masked && except.length === 0) {
      if (roomNames.length === 1) this.toRoom(companyId, roomNames[0] as string, topic, payloads.whole);
      else this.toRooms(companyId, roomNames, topic, payloads.whole);
      return;
    }
    const company = rooms.company(companyId);
    if ([...roomNames, ...except].some((r) => r !== company && !r.startsWith(`${company}:`)))
      throw new Error(`a room is not of company ${companyId}`);
    const event = companyEvent(companyId, topic);
    if (!payloads.masked) {
      this.io?.to(roomNames).except(except).emit(event, payloads.whole);
      return;
    }
    this.io
      ?.to(roomNames)
      .except([...except, rooms.numbers(companyId, false)])
      .emit(event, payloads.whole);
    this.io
      ?.to(roomNames)
      .except([...except, rooms.numbers(companyId, true)])
      .emit(event, payloads.masked);
  }

  /** `toRoomsByNumbers` to the whole company. */
  toCompanyByNumbers(companyId: number, topic: CompanyTopic, payloads: NumbersPayloads): void {
    if (payloads.masked) this.toRoomsByNumbers(companyId, [rooms.company(companyId)], topic, payloads);
    else this.toCompany(companyId, topic, payloads.whole);
  }

  /**
   * The sockets in `room` that are in none of `keep` leave it, on every node
   * (the adapter carries it): a conversation room is left by those who may
   * no longer see the ticket.
   */
  leaveRoomUnlessIn(companyId: number, room: string, keep: string[]): void {
    const prefix = `${rooms.company(companyId)}:`;
    if (!room.startsWith(prefix) || keep.some((r) => !r.startsWith(prefix)))
      throw new Error(`a room is not of company ${companyId}`);
    this.io?.in(room).except(keep).socketsLeave(room);
  }

  toRoom(companyId: number, room: string, topic: CompanyTopic, payload: object): void {
    if (!room.startsWith(`${rooms.company(companyId)}:`))
      throw new Error(`room ${room} is not of company ${companyId}`);
    this.io?.to(room).emit(companyEvent(companyId, topic), payload);
  }

  /**
   * Ends the sockets of a user that still hold a token older than
   * `tokenVersion` (after a new login elsewhere, a logout or a password
   * change). They are told first through `company-{id}-auth`.
   */
  async endOlderSessions(
    companyId: number,
    userId: number,
    tokenVersion: number,
    options: { announce: boolean } = { announce: true },
  ): Promise<void> {
    if (!this.io) return;
    // A logout is not "signed in elsewhere": its sockets just close.
    if (options.announce)
      this.toUser(companyId, userId, "auth", { action: "update", user: { id: userId }, tokenVersion });
    const sockets = await this.userSockets(this.io, companyId, userId);
    const stale = sockets.filter((s) => Number(s.data?.tokenVersion) < tokenVersion);
    if (stale.length === 0) return;
    // Leave the auth event a moment to reach the old tab before its socket closes.
    setTimeout(
      () => {
        for (const socket of stale) socket.disconnect(true);
      },
      options.announce ? 1000 : 0,
    ).unref();
  }

  /**
   * Closes at once, on every node (the adapter carries it), the sockets of a
   * user who is gone (deleted) or of a whole company (deactivated). Their
   * tokens are already refused, so they cannot come back.
   */
  endSessions(companyId: number, userId?: number): void {
    const room = userId === undefined ? rooms.company(companyId) : rooms.user(companyId, userId);
    this.io?.in(room).disconnectSockets(true);
  }
}

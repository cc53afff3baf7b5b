import type { Server as HttpServer } from "node:http";
import { CLIENT_EVENTS, canSeeTicket, TICKET_STATUSES } from "@inbox/shared";
import { createAdapter } from "@socket.io/redis-adapter";
import { eq } from "drizzle-orm";
import { createClient } from "redis";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import type { TokenService } from "../auth/tokens.js";
import type { Db } from "../db/client.js";
import { tickets } from "../db/schema/index.js";
import { ofCompany } from "../db/tenant-scope.js";
import type { UserRow } from "../http/context.js";
import { companyExpired } from "../http/subscription-gate.js";
import { canWatchMoments } from "../modules/moments/policy.js";
import { viewScopeFor } from "../modules/tickets/policy.js";
import { presentUser } from "../modules/users/presenter.js";
import { UsersRepo } from "../modules/users/repo.js";
import { mayAlwaysSeeNumbers } from "../privacy/number-privacy.js";
import { settledWithin } from "../shutdown-wait.js";
import { CoalescingWebSocketServer } from "./coalescing-ws.js";
import { type Realtime, rooms } from "./realtime.js";
import { momentsRoom, viewerRooms } from "./ticket-audience.js";

interface SocketData {
  companyId: number;
  userId: number;
  tokenVersion: number;
  /** The ticket audience rooms to join (ticket-audience.ts). */
  audience: string[];
  /** The user may always see contacts' numbers (admin, super); LGPD masks them for the others. */
  wholeNumbers: boolean;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const ticketIdSchema = z.coerce.number().int().positive();
/** `joinChatBox` takes a ticket's id or, as the conversation's address does, its uuid. */
const ticketRefSchema = z.union([z.uuid(), ticketIdSchema]);
const byTicketRef = (ref: string | number) =>
  typeof ref === "number" ? eq(tickets.id, ref) : eq(tickets.uuid, ref);
const statusSchema = z.enum(TICKET_STATUSES);
const typingSchema = z.object({ ticketId: z.coerce.number().int().positive() });

/**
 * socket.io on the API's HTTP server. The handshake must carry a valid,
 * current access token (`auth.token`); the socket then joins its company's
 * room and its user's room, and only ever rooms of that company.
 */
export async function createSocketServer(options: {
  httpServer: HttpServer;
  db: Db;
  tokens: TokenService;
  realtime: Realtime;
  redisUrl?: string;
  logger: Logger;
  /** Web origins whose pages may connect (PUBLIC_URL's, CORS_ORIGINS); a page of the host it connects to may too. */
  origins: string[];
}): Promise<{ io: Server; close(): Promise<void> }> {
  const { db, tokens, realtime, logger } = options;
  const usersRepo = new UsersRepo(db);
  /** A user's view scope (spec 1 section 6) and number visibility (LGPD) as they are in the database now. */
  const viewerOf = (user: UserRow, queueIds: number[]) => ({
    scope: viewScopeFor(user, queueIds),
    wholeNumbers: mayAlwaysSeeNumbers(user),
    watchesMoments: canWatchMoments(user),
  });
  const scopeOf = async (companyId: number, userId: number) => {
    const found = await usersRepo.findForAuthWithDueDate(userId);
    if (!found || found.user.companyId !== companyId) return undefined;
    return viewerOf(found.user, found.queueIds);
  };
  const origins = new Set(options.origins.map((o) => new URL(o).origin));
  const io = new Server(options.httpServer, {
    cors: { origin: [...origins], credentials: true },
    // A browser always names the page's origin: a page of another site may not open a socket here.
    allowRequest: (req, callback) =>
      callback(null, originAllowed(req.headers.origin, req.headers.host, origins)),
    serveClient: false,
    // A burst of events (an ingest batch's) leaves in one write per connection.
    wsEngine: CoalescingWebSocketServer,
  });

  let closeRedis = async () => {};
  if (options.redisUrl) {
    // While Redis is away a publish fails at once (logged, the event reaches this process's sockets
    // only) instead of waiting to be sent late, in a burst, or to fail 5 s later.
    const pub = createClient({ url: options.redisUrl, disableOfflineQueue: true });
    const sub = createClient({ url: options.redisUrl });
    // node-redis reports each failed reconnection attempt, several a second while Redis is away.
    pub.on("error", throttledErrors(logger, "redis publisher error"));
    sub.on("error", throttledErrors(logger, "redis subscriber error"));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(publishingSafely(pub, logger), sub));
    closeRedis = async () => {
      // close() waits for the commands in flight (quit() could wait for ever on a client that was
      // reconnecting); a Redis that is down answers none, so the clients are left behind after a while.
      const closed = Promise.allSettled([pub.close(), sub.close()]);
      // Not destroy(): it rejects the commands still queued, and nobody awaits node-redis's own.
      if (!(await settledWithin(closed, REDIS_CLOSE_WAIT_MS)))
        for (const client of [pub, sub]) client.unref();
    };
  }

  io.use(async (socket, next) => {
    try {
      const raw = socket.handshake.auth?.token ?? socket.handshake.query?.token;
      const token = typeof raw === "string" ? raw.replace(/^Bearer\s+/i, "") : "";
      const claims = token ? await tokens.verifyAccess(token) : null;
      if (!claims) return next(new Error("ERR_SESSION_EXPIRED"));
      const found = await usersRepo.findForAuthWithDueDate(claims.userId);
      const user = found?.user;
      if (
        !found ||
        !user ||
        user.companyId !== claims.companyId ||
        user.tokenVersion !== claims.tokenVersion
      ) {
        return next(new Error("ERR_SESSION_EXPIRED"));
      }
      // An expired company gets no live updates (http/subscription-gate.ts); its open sockets are
      // closed by the daily invoices job (modules/invoices/jobs.ts) and live no longer than their token.
      if (companyExpired(user.companyId, found.companyDueDate)) {
        return next(new Error("ERR_SUBSCRIPTION_EXPIRED"));
      }
      // The handshake's read already holds the user's queues: the viewer needs no second one.
      const viewer = viewerOf(user, found.queueIds);
      socket.data = {
        companyId: user.companyId,
        userId: user.id,
        tokenVersion: user.tokenVersion,
        audience: viewerRooms(user.companyId, viewer.scope),
        wholeNumbers: viewer.wholeNumbers,
      } satisfies SocketData;
      // The socket lives no longer than its token; the client reconnects with a fresh one.
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, claims.expiresAt - Date.now()));
      timer.unref();
      socket.once("disconnect", () => clearTimeout(timer));
      next();
    } catch (err) {
      logger.error({ err }, "socket handshake failed");
      next(new Error("ERR_INTERNAL"));
    }
  });

  io.on("connection", (socket: Socket) => {
    const { companyId, userId, audience, wholeNumbers } = socket.data as SocketData;
    // Ticket and message events reach a socket only through the audience rooms of what its user may see,
    // with the payload its numbers room says (realtime.ts toRoomsByNumbers): joined together, never apart.
    socket.join([
      rooms.company(companyId),
      rooms.user(companyId, userId),
      rooms.numbers(companyId, wholeNumbers),
      ...audience,
    ]);

    socket.on(CLIENT_EVENTS.joinNotification, () => socket.join(rooms.notification(companyId)));
    socket.on(CLIENT_EVENTS.leaveNotification, () => socket.leave(rooms.notification(companyId)));

    // The attendance panel: its rights are read now, so a user who just lost allowRealTime is refused.
    // An acknowledgement, when asked for, says whether the socket joined.
    socket.on(CLIENT_EVENTS.joinMoments, async (ack?: unknown) => {
      let joined = false;
      try {
        const viewer = await scopeOf(companyId, userId);
        if (viewer?.watchesMoments) {
          socket.join(momentsRoom(companyId));
          joined = true;
        }
      } catch (err) {
        logger.warn({ err }, "joinMoments failed");
      }
      if (typeof ack === "function") ack(joined);
    });
    socket.on(CLIENT_EVENTS.leaveMoments, () => socket.leave(momentsRoom(companyId)));

    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown) => {
      const parsed = statusSchema.safeParse(status);
      if (parsed.success) socket.join(rooms.status(companyId, parsed.data));
    });
    socket.on(CLIENT_EVENTS.leaveTickets, (status: unknown) => {
      const parsed = statusSchema.safeParse(status);
      if (parsed.success) socket.leave(rooms.status(companyId, parsed.data));
    });

    socket.on(CLIENT_EVENTS.joinChatBox, async (ticketId: unknown) => {
      const parsed = ticketRefSchema.safeParse(ticketId);
      if (!parsed.success) return;
      // Only a ticket of the socket's own company that its user may see can be joined.
      const [ticket] = await db
        .select({
          id: tickets.id,
          status: tickets.status,
          userId: tickets.userId,
          queueId: tickets.queueId,
          isGroup: tickets.isGroup,
        })
        .from(tickets)
        .where(ofCompany(tickets, companyId, byTicketRef(parsed.data)))
        .limit(1);
      const viewer = ticket ? await scopeOf(companyId, userId) : undefined;
      if (ticket && viewer && canSeeTicket(viewer.scope, ticket))
        socket.join(rooms.ticket(companyId, ticket.id));
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, async (ticketId: unknown) => {
      const parsed = ticketRefSchema.safeParse(ticketId);
      if (!parsed.success) return;
      if (typeof parsed.data === "number") return void socket.leave(rooms.ticket(companyId, parsed.data));
      const [ticket] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(ofCompany(tickets, companyId, byTicketRef(parsed.data)))
        .limit(1);
      if (ticket) socket.leave(rooms.ticket(companyId, ticket.id));
    });

    socket.on(CLIENT_EVENTS.userTyping, (payload: unknown) => {
      const parsed = typingSchema.safeParse(payload);
      if (!parsed.success) return;
      const room = rooms.ticket(companyId, parsed.data.ticketId);
      if (!socket.rooms.has(room)) return;
      socket
        .to(room)
        .emit(`company-${companyId}-typing`, { action: "update", ticketId: parsed.data.ticketId, userId });
    });

    socket.on(CLIENT_EVENTS.userStatus, async () => {
      try {
        const { user, cameOnline } = await usersRepo.markSeen(companyId, userId);
        if (user && cameOnline)
          realtime.toCompany(companyId, "user", { action: "update", user: presentUser(user) });
      } catch (err) {
        logger.warn({ err }, "userStatus update failed");
      }
    });
  });

  realtime.attach(io, { scopeOf, logger });
  return {
    io,
    async close() {
      realtime.detach();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}

/**
 * Whether a handshake may go on: no Origin (not a browser: server-side
 * clients, tests), a listed origin, or a page served by the host it connects
 * to (the app itself, also behind a proxy that keeps the Host header).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: Set<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  if (!URL.canParse(origin) || !host) return false;
  return new URL(origin).host === host.toLowerCase();
}

/** How long shutdown waits for Redis to take the last commands before it lets the clients go. */
const REDIS_CLOSE_WAIT_MS = 2_000;

/** How often a repeated Redis error is logged, with how many happened since the last line. */
const REDIS_ERROR_LOG_MS = 10_000;

/** An error handler that logs the first error, then at most one line per period with the count. */
export function throttledErrors(
  logger: Pick<Logger, "error">,
  message: string,
  periodMs = REDIS_ERROR_LOG_MS,
): (err: unknown) => void {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let failedSince = 0;
  return (err) => {
    failedSince += 1;
    if (Date.now() - lastLogged < periodMs) return;
    lastLogged = Date.now();
    logger.error({ err, failed: failedSince }, message);
    failedSince = 0;
  };
}

/**
 * The Redis client as the socket.io adapter may use it. The adapter publishes every event
 * without waiting for the answer, and node-redis rejects a publish while Redis is away (the offline
 * queue is off) or one it could not send within its timeout (5 s, a process too busy to keep up).
 * Unhandled, that rejection ended the process (and the webhooks it held in memory waited for the
 * next boot). A failed publish loses that event for the other processes' sockets (a screen catches
 * up on its next load or reconnection); it is logged, with how many failed since the last line,
 * and the process goes on.
 */
export function publishingSafely<C extends object>(client: C, logger: Pick<Logger, "error">): C {
  const failed = throttledErrors(logger, "redis publish failed; other processes' sockets miss these events");
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property !== "publish" && property !== "sPublish") return value.bind(target);
      return (...args: unknown[]) => {
        const answer = value.apply(target, args) as Promise<unknown>;
        answer.catch(failed);
        return answer;
      };
    },
  });
}

import { io, type Socket } from "socket.io-client";
import { getToken } from "../api/token-storage";

/** Reconnect after 1 second, forever (spec 1 section 7). */
export const RECONNECTION_DELAY_MS = 1000;

/**
 * One socket per signed-in tab, same origin, authenticated on the handshake
 * with the current access token (read again on every reconnection).
 */
export function createSocket(): Socket {
  return io({
    auth: (cb) => cb({ token: getToken() }),
    reconnection: true,
    reconnectionDelay: RECONNECTION_DELAY_MS,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
  });
}

/** The server refuses a handshake with an expired access token this way. */
export function isSessionExpired(error: Error & { data?: unknown }): boolean {
  if (error.message === "ERR_SESSION_EXPIRED") return true;
  const data = error.data as { error?: unknown; message?: unknown } | undefined;
  return data?.error === "ERR_SESSION_EXPIRED" || data?.message === "ERR_SESSION_EXPIRED";
}

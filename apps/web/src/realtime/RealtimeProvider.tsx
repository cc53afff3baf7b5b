import { CLIENT_EVENTS, LIMITS } from "@inbox/shared";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Socket } from "socket.io-client";
import { ApiError } from "../api/api-error";
import { refreshSession } from "../api/client";
import { RealtimeContext } from "./realtime-context";
import { createSocket, isSessionExpired, RECONNECTION_DELAY_MS } from "./socket";

/** The server refused the refresh: the API client has signed the user out, nothing to retry. */
const sessionEnded = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

interface RealtimeProviderProps {
  companyId: number;
  children: ReactNode;
}

/**
 * Opens the company socket for the signed-in user: joins the notification
 * room on every connection, pings userStatus every 5 minutes, and refreshes
 * the token once when the handshake says the session expired. A refresh that
 * fails for another reason than a refused session (the server is down, the
 * network is) is tried again every second until it answers, then the socket
 * reconnects: socket.io itself does not retry a refused handshake or a
 * server-side close. Mount it with `key={user.id}`: another user means
 * another session and a new socket.
 */
export function RealtimeProvider({ companyId, children }: RealtimeProviderProps) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    const instance = createSocket();
    let refreshedSinceConnect = false;
    let unmounted = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const refreshAndReconnect = () => {
      clearTimeout(retry);
      refreshSession()
        .then(() => {
          if (!unmounted) instance.connect();
        })
        .catch((error: unknown) => {
          if (unmounted || sessionEnded(error)) return;
          retry = setTimeout(refreshAndReconnect, RECONNECTION_DELAY_MS);
        });
    };

    instance.on("connect", () => {
      refreshedSinceConnect = false;
      instance.emit(CLIENT_EVENTS.joinNotification);
      // Online at once, not 5 minutes later.
      instance.emit(CLIENT_EVENTS.userStatus);
    });
    instance.on("connect_error", (error) => {
      if (!isSessionExpired(error) || refreshedSinceConnect) return;
      refreshedSinceConnect = true;
      refreshAndReconnect();
    });
    // The server closes a socket when its access token expires; socket.io does
    // not reconnect after a server-side close, so refresh and reconnect here.
    instance.on("disconnect", (reason) => {
      if (reason === "io server disconnect") refreshAndReconnect();
    });
    const ping = setInterval(() => instance.emit(CLIENT_EVENTS.userStatus), LIMITS.userStatusPingMs);
    setSocket(instance);

    return () => {
      unmounted = true;
      clearTimeout(retry);
      clearInterval(ping);
      instance.removeAllListeners();
      instance.disconnect();
      setSocket(null);
    };
  }, []);

  const value = useMemo(() => ({ socket, companyId }), [socket, companyId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

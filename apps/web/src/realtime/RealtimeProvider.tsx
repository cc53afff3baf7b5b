import { CLIENT_EVENTS, LIMITS } from "@inbox/shared";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Socket } from "socket.io-client";
import { refreshSession } from "../api/client";
import { RealtimeContext } from "./realtime-context";
import { createSocket, isSessionExpired } from "./socket";

interface RealtimeProviderProps {
  companyId: number;
  children: ReactNode;
}

/**
 * Opens the company socket for the signed-in user: joins the notification
 * room on every connection, pings userStatus every 5 minutes, and refreshes
 * the token once when the handshake says the session expired. Mount it with
 * `key={user.id}`: another user means another session and a new socket.
 */
export function RealtimeProvider({ companyId, children }: RealtimeProviderProps) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    const instance = createSocket();
    let refreshedSinceConnect = false;

    instance.on("connect", () => {
      refreshedSinceConnect = false;
      instance.emit(CLIENT_EVENTS.joinNotification);
      // Online at once, not 5 minutes later.
      instance.emit(CLIENT_EVENTS.userStatus);
    });
    instance.on("connect_error", (error) => {
      if (!isSessionExpired(error) || refreshedSinceConnect) return;
      refreshedSinceConnect = true;
      refreshSession()
        .then(() => instance.connect())
        .catch(() => {
          // A refused refresh signs the user out through the API client.
        });
    });
    // The server closes a socket when its access token expires; socket.io does
    // not reconnect after a server-side close, so refresh and reconnect here.
    instance.on("disconnect", (reason) => {
      if (reason !== "io server disconnect") return;
      refreshSession()
        .then(() => instance.connect())
        .catch(() => {
          // A refused refresh signs the user out through the API client.
        });
    });
    const ping = setInterval(() => instance.emit(CLIENT_EVENTS.userStatus), LIMITS.userStatusPingMs);
    setSocket(instance);

    return () => {
      clearInterval(ping);
      instance.removeAllListeners();
      instance.disconnect();
      setSocket(null);
    };
  }, []);

  const value = useMemo(() => ({ socket, companyId }), [socket, companyId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

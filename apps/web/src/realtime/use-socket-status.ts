import { useContext, useEffect, useState } from "react";
import { RealtimeContext } from "./realtime-context";

/**
 * Where the page's socket stands: `connecting` before its first connection,
 * `connected`, or `reconnecting` once a connection was lost or refused (the
 * client tries again every second, spec 1 section 7).
 */
export type SocketStatus = "connecting" | "connected" | "reconnecting";

export function useSocketStatus(): SocketStatus {
  const { socket } = useContext(RealtimeContext);
  const [status, setStatus] = useState<SocketStatus>("connecting");

  useEffect(() => {
    if (!socket) {
      setStatus("connecting");
      return;
    }
    setStatus(socket.connected ? "connected" : "connecting");
    const up = () => setStatus("connected");
    const down = () => setStatus("reconnecting");
    socket.on("connect", up);
    socket.on("disconnect", down);
    socket.on("connect_error", down);
    return () => {
      socket.off("connect", up);
      socket.off("disconnect", down);
      socket.off("connect_error", down);
    };
  }, [socket]);

  return status;
}

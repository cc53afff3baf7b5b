import type { CompanyTopic } from "@inbox/shared";
import { companyEvent } from "@inbox/shared";
import { createContext, useContext, useEffect, useEffectEvent } from "react";
import type { Socket } from "socket.io-client";

export interface RealtimeContextValue {
  socket: Socket | null;
  companyId: number | null;
}

export const RealtimeContext = createContext<RealtimeContextValue>({ socket: null, companyId: null });

/** Listen to `company-{id}-{topic}` while the component is mounted. */
export function useCompanyEvent<Payload>(topic: CompanyTopic, handler: (payload: Payload) => void): void {
  const { socket, companyId } = useContext(RealtimeContext);
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket || companyId === null) return;
    const event = companyEvent(companyId, topic);
    const listener = (payload: Payload) => onEvent(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, companyId, topic]);
}

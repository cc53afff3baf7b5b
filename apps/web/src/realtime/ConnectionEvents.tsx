import type { ConnectionDto, ImportMessagesPayload } from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import {
  applyConnectionEvent,
  applySessionEvent,
  type ConnectionEventPayload,
  type ConnectionSessionEventPayload,
} from "../api/connection-cache";
import { reloadConnections } from "../api/connections";
import { queryKeys } from "../api/query-keys";
import { clearImportProgress, setImportProgress } from "./import-progress";
import { RealtimeContext, useCompanyEvent } from "./realtime-context";

/**
 * Keeps the connections list current from the live events, in place and
 * without a refetch (spec 2 section 4: lists reload through real-time events):
 * - `company-{id}-whatsapp`: a connection was created, changed or deleted;
 * - `company-{id}-whatsappSession`: a QR-code session changed status or QR code;
 * - `importMessages-{id}`: a message import's progress; `refresh` reloads the list.
 * The list feeds the connections page, the QR modal and the menu's badge.
 * Events missed while the socket was not connected (before its first
 * connection, or while it was down) are caught up by loading the list again
 * on every connection; an event that arrives while the list is still loading
 * (nothing cached to apply it to) loads it again too, so it is never lost.
 */
export function ConnectionEvents() {
  const queryClient = useQueryClient();
  const { socket } = useContext(RealtimeContext);

  useEffect(() => {
    if (!socket) return;
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections.all });
    };
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);

  const update = (change: (list: ConnectionDto[]) => ConnectionDto[]) => {
    if (queryClient.getQueryData(queryKeys.connections.list) === undefined) {
      reloadConnections(queryClient);
      return;
    }
    queryClient.setQueryData<ConnectionDto[]>(queryKeys.connections.list, (list) =>
      list ? change(list) : list,
    );
  };

  useCompanyEvent<ConnectionEventPayload>("whatsapp", (payload) => {
    update((list) => applyConnectionEvent(list, payload));
  });

  useCompanyEvent<ConnectionSessionEventPayload>("whatsappSession", (payload) => {
    update((list) => applySessionEvent(list, payload));
  });

  useCompanyEvent<ImportMessagesPayload>("importMessages", (payload) => {
    if (payload.action === "update") setImportProgress(payload.whatsappId, payload.status);
    else {
      clearImportProgress(payload.whatsappId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections.list });
    }
  });

  return null;
}

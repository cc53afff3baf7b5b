import type { TicketDto } from "@inbox/shared";
import InboxIcon from "@mui/icons-material/Inbox";
import { Alert, LinearProgress, List } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ConnectionOption } from "../../api/connections";
import type { QueueOption } from "../../api/queues";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { TicketListItem } from "./TicketListItem";

interface TicketListProps {
  tickets: TicketDto[];
  loading: boolean;
  error?: string;
  loadingMore: boolean;
  canLoadMore: boolean;
  onLoadMore: () => void;
  selectedUuid?: string;
  showUser: boolean;
  queues: QueueOption[];
  connections: ConnectionOption[];
  onOpen: (ticket: TicketDto) => void;
}

/** A ticket list with infinite scroll: the next page loads within 100 px of the bottom. */
export function TicketList({
  tickets,
  loading,
  error,
  loadingMore,
  canLoadMore,
  onLoadMore,
  selectedUuid,
  showUser,
  queues,
  connections,
  onOpen,
}: TicketListProps) {
  const { t } = useTranslation();
  if (loading) return <LoadingState />;
  if (error) return <Alert severity="error">{error}</Alert>;
  return (
    <InfiniteScrollArea
      canLoadMore={canLoadMore && !loadingMore}
      onReachEnd={onLoadMore}
      sx={{ flexGrow: 1, minHeight: 0 }}
    >
      {tickets.length === 0 ? (
        <EmptyState icon={<InboxIcon fontSize="large" aria-hidden />} message={t("tickets.noTickets")} />
      ) : (
        <List disablePadding aria-label={t("tickets.listLabel")}>
          {tickets.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              showUser={showUser}
              queueName={queues.find((q) => q.id === ticket.queueId)}
              connectionName={connections.find((c) => c.id === ticket.whatsappId)?.name}
              onOpen={onOpen}
            />
          ))}
        </List>
      )}
      {loadingMore && <LinearProgress aria-label={t("tickets.loadingMore")} />}
    </InfiniteScrollArea>
  );
}

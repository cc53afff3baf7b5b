import {
  type AppMessageEventPayload,
  CLIENT_EVENTS,
  type MessageDto,
  type TicketEventPayload,
} from "@inbox/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ContactPageOutlinedIcon from "@mui/icons-material/ContactPageOutlined";
import { Alert, Avatar, Box, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { queryKeys } from "../../api/query-keys";
import { ticketsApi, useMessagesInfinite, useTicket } from "../../api/tickets";
import { useCurrentUser } from "../../app/auth/auth-context";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { LoadingState } from "../../components/LoadingState";
import { RealtimeContext, useCompanyEvent } from "../../realtime/realtime-context";
import { applyMessage, flattenMessages, type MessagePages } from "../../realtime/ticket-list-rules";
import { usePhoneFormat } from "../contacts/phone-format";
import { ContactDrawer } from "./contact-drawer/ContactDrawer";
import { type TicketActionOutcome, TicketActions } from "./conversation/TicketActions";
import { MessageInput } from "./input/MessageInput";
import { MessagesList } from "./MessagesList";
import { type MessageActions, MessageActionsContext } from "./message-menu/message-actions";
import { talkTo } from "./message-menu/talk-to";

/** New messages arriving together are read with one request. */
const READ_DELAY_MS = 500;

interface TicketViewProps {
  uuid: string;
  onBack: () => void;
  /** After a header action: show the ticket in its tab, or go back to the list. */
  onOutcome: (outcome: TicketActionOutcome) => void;
}

/**
 * The conversation on the right (spec 1 section 2, ticket view), first
 * slice: header with the contact, ticket number and holder, and the message
 * list, kept live through the ticket's room. Read-only for now.
 */
export function TicketView({ uuid, onBack, onOutcome }: TicketViewProps) {
  const { t } = useTranslation();
  const formatPhone = usePhoneFormat();
  const user = useCurrentUser();
  const ticket = useTicket(uuid);
  const ticketId = ticket.data?.id;
  const messages = useMessagesInfinite(ticketId);
  const { socket } = useContext(RealtimeContext);
  const queryClient = useQueryClient();
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const [editing, setEditing] = useState<MessageDto | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  /**
   * The server's answer to a send goes into the conversation at once; the
   * socket's copy (and its later acks) then replace it in place. An answer
   * arriving after a newer copy is not applied over it.
   */
  const showSent = useCallback(
    (sent: MessageDto[], edited: boolean) => {
      if (ticketId === undefined) return;
      queryClient.setQueryData<MessagePages>(queryKeys.messages.list(ticketId), (data) => {
        let next = data;
        for (const message of sent) {
          if (!next) break;
          const known = flattenMessages(next).some((m) => m.id === message.id);
          if (known && !edited) continue;
          next = applyMessage(next, message, { isNew: !known });
        }
        return next;
      });
    },
    [queryClient, ticketId],
  );

  useEffect(() => {
    if (!socket || ticketId === undefined) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, String(ticketId));
    join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      socket.emit(CLIENT_EVENTS.leaveChatBox, String(ticketId));
    };
  }, [socket, ticketId]);

  // The contact writes while the conversation is open: it is read at once (the list's counter goes back to 0).
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readTimer.current), []);
  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || payload.message.fromMe || payload.message.ticketId !== ticketId)
      return;
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      ticketsApi.messages(ticketId, 1).catch(() => {
        // Only the counter stays up; the next opening reads the conversation.
      });
    }, READ_DELAY_MS);
  });

  const loaded = useMemo(() => flattenMessages(messages.data), [messages.data]);
  const contactName = ticket.data?.contact?.name ?? "";
  const group = ticket.data?.isGroup ? ticket.data : undefined;
  const messageActions = useMemo<MessageActions>(() => {
    const byId = new Map(loaded.map((message) => [message.id, message]));
    return {
      onReply: (message) => {
        setEditing(null);
        setReplyTo(message);
      },
      onEdit: (message) => {
        setReplyTo(null);
        setEditing(message);
      },
      onChanged: (message) => showSent([message], true),
      findMessage: (id) => byId.get(id),
      contactName,
      onTalkTo: group
        ? (message) => {
            talkTo(message, group, user.id).then((outcome) => {
              if ("uuid" in outcome) onOutcome({ openUuid: outcome.uuid });
              else toast.error(t("ticketView.menu.talkToTaken", { user: outcome.takenBy ?? "" }));
            }, toastError);
          }
        : undefined,
    };
  }, [loaded, showSent, contactName, group, user.id, onOutcome, t]);

  // Deleted while open (by an admin elsewhere): back to the list.
  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete" && payload.ticketId === ticketId) onOutcome({ leave: true });
  });

  if (ticket.isError)
    return (
      <Alert severity="error" role="alert">
        {isApiError(ticket.error) && ticket.error.code === "ERR_NO_TICKET_FOUND"
          ? t("ticketView.notFound")
          : errorMessage(ticket.error)}
      </Alert>
    );
  if (!ticket.data) return <LoadingState />;
  const data = ticket.data;
  const name = data.contact?.name ?? "";
  const metaChannel = data.channel === "facebook" || data.channel === "instagram";

  return (
    <MessageActionsContext.Provider value={messageActions}>
      <Box sx={{ display: "flex", height: "100%", minHeight: 0, position: "relative" }}>
        <Box
          sx={{
            display: "flex",
            flexDirection: "column",
            height: "100%",
            minHeight: 0,
            minWidth: 0,
            flexGrow: 1,
          }}
        >
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            alignItems="center"
            sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: "divider", flexWrap: "wrap" }}
          >
            <Tooltip title={t("tickets.conversation.back")}>
              <IconButton aria-label={t("tickets.conversation.back")} onClick={onBack} edge="start">
                <ArrowBackIcon />
              </IconButton>
            </Tooltip>
            <Avatar src={data.contact?.profilePicUrl ?? undefined} alt="">
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="subtitle1" component="h2" noWrap>
                {name}{" "}
                <Typography component="span" variant="body2" color="text.secondary">
                  {t("tickets.conversation.ticketNumber", { id: data.id })}
                </Typography>
              </Typography>
              {data.contact && !data.contact.isGroup && !metaChannel && (
                <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
                  {formatPhone(data.contact.number)}
                </Typography>
              )}
              {data.user && (
                <Typography variant="caption" color="text.secondary">
                  {t("tickets.conversation.assignedTo", { name: data.user.name })}
                </Typography>
              )}
            </Box>
            <Tooltip title={t("ticketView.actions.contact")}>
              <IconButton
                aria-label={t("ticketView.actions.contact")}
                aria-pressed={drawerOpen}
                onClick={() => setDrawerOpen((open) => !open)}
              >
                <ContactPageOutlinedIcon />
              </IconButton>
            </Tooltip>
            <TicketActions ticket={data} user={user} onOutcome={onOutcome} />
          </Stack>
          {metaChannel && (
            <Alert severity="info" sx={{ borderRadius: 0 }}>
              {t("tickets.conversation.window24h")}
            </Alert>
          )}
          {messages.isPending ? (
            <LoadingState />
          ) : messages.isError ? (
            <Alert severity="error">{errorMessage(messages.error)}</Alert>
          ) : (
            <MessagesList
              messages={loaded}
              ticket={data}
              canLoadOlder={Boolean(messages.hasNextPage)}
              loadingOlder={messages.isFetchingNextPage}
              onLoadOlder={() => void messages.fetchNextPage()}
            />
          )}
          <MessageInput
            key={data.id}
            ticket={data}
            user={user}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            editing={editing}
            onCancelEdit={() => setEditing(null)}
            onSent={showSent}
          />
        </Box>
        {drawerOpen && (
          <ContactDrawer contactId={data.contactId} ticket={data} onClose={() => setDrawerOpen(false)} />
        )}
      </Box>
    </MessageActionsContext.Provider>
  );
}

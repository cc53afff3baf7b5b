import type { ChatDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import ChatIcon from "@mui/icons-material/Chat";
import ListIcon from "@mui/icons-material/List";
import { Box, Button, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import {
  addChatMessage,
  applyChatEvent,
  type ChatEventPayload,
  type ChatMessagePages,
  type ChatPages,
  chatKeys,
  useChat,
  useChatsInfinite,
  useDeleteChat,
  useSaveChat,
} from "../../api/chats";
import { useCurrentUser } from "../../app/auth/auth-context";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadingState } from "../../components/LoadingState";
import { setLiveQueryData } from "../../realtime/live-query-data";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { ChatConversation } from "./ChatConversation";
import { ChatDialog } from "./ChatDialog";
import { ChatList } from "./ChatList";

type NarrowTab = "chats" | "messages";
/** The dialog: a new chat, or the chat being edited. */
type Editing = { chat?: ChatDto } | null;

/**
 * The internal chat (spec 3, /chats and /chats/{uuid}): the list on the
 * left and the conversation on the right from the md breakpoint, two tabs
 * below it. The shell keeps the list live (use-live-chats.ts); this page adds
 * the open chat's messages and leaves a chat that was deleted. `?new=1` opens
 * the create dialog (the top bar's 'new chat').
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const user = useCurrentUser();
  const { uuid } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useChatsInfinite();
  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const listed = records.find((chat) => chat.uuid === uuid);
  const single = useChat(uuid, !listed && !list.isPending);
  const selected = listed ?? single.data;
  const [tab, setTab] = useState<NarrowTab>(uuid ? "messages" : "chats");
  const [editing, setEditing] = useState<Editing>(null);
  const asksNew = search.has("new");
  // The top bar's 'new chat' may come while this page is already open.
  useEffect(() => {
    if (asksNew) setEditing((current) => current ?? {});
  }, [asksNew]);
  const [deleting, setDeleting] = useState<ChatDto | null>(null);
  const save = useSaveChat();
  const remove = useDeleteChat();

  useCompanyEvent<ChatEventPayload>("chat", (event) => {
    if (event.action === "new-message" && event.newMessage)
      setLiveQueryData<ChatMessagePages>(queryClient, chatKeys.messages(event.newMessage.chatId), (data) =>
        addChatMessage(data, event.newMessage!),
      );
    if (event.action === "delete" && selected && Number(event.id ?? event.chatId) === selected.id)
      navigate("/chats", { replace: true });
  });

  const putInList = (chat: ChatDto) =>
    queryClient.setQueryData<ChatPages>(chatKeys.list, (data) =>
      applyChatEvent(data, { action: "update", chat }, user.id),
    );

  const open = (chat: ChatDto) => {
    setTab("messages");
    navigate(`/chats/${chat.uuid}`);
  };

  const closeDialog = () => {
    setEditing(null);
    if (search.has("new")) setSearch({}, { replace: true });
  };

  const onSave = (body: { title: string; users: number[] }) =>
    save.mutate(
      { id: editing?.chat?.id, body },
      {
        onSuccess: (chat) => {
          putInList(chat);
          closeDialog();
          if (!editing?.chat) open(chat);
        },
        onError: () => undefined,
      },
    );

  const onDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSuccess: () => {
        queryClient.setQueryData<ChatPages>(chatKeys.list, (data) =>
          applyChatEvent(data, { action: "delete", id }, user.id),
        );
        setDeleting(null);
        if (selected?.id === id) navigate("/chats", { replace: true });
      },
      onError: () => setDeleting(null),
    });
  };

  const listVisible = !narrow || tab === "chats";
  const conversationVisible = !narrow || tab === "messages";

  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: narrow ? "column" : "row",
        gap: narrow ? 1 : 2,
        height: { xs: "calc(100vh - 80px)", md: "calc(100vh - 112px)" },
        minHeight: 400,
      }}
    >
      {narrow && (
        <Tabs
          value={tab}
          onChange={(_, value: NarrowTab) => setTab(value)}
          variant="fullWidth"
          aria-label={t("topBar.chatPage.title")}
          sx={{ flexShrink: 0, borderBottom: 1, borderColor: "divider" }}
        >
          <Tab value="chats" icon={<ListIcon />} iconPosition="start" label={t("topBar.chatPage.tabChats")} />
          <Tab
            value="messages"
            icon={<ChatIcon />}
            iconPosition="start"
            label={t("topBar.chatPage.tabMessages")}
          />
        </Tabs>
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-label={t("topBar.chatPage.title")}
        sx={{
          width: narrow ? "100%" : 360,
          flexShrink: 0,
          flexGrow: narrow ? 1 : 0,
          minHeight: 0,
          display: listVisible ? "flex" : "none",
          flexDirection: "column",
          overflow: "hidden",
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", p: 1.5, borderBottom: 1, borderColor: "divider" }}>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {t("topBar.chatPage.title")}
          </Typography>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing({})}>
            {t("topBar.chatPage.newChat")}
          </Button>
        </Box>
        <ChatList
          chats={records}
          userId={user.id}
          selectedId={selected?.id}
          loading={list.isPending}
          error={list.isError}
          canLoadMore={list.hasNextPage && !list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
          onOpen={open}
          onEdit={(chat) => setEditing({ chat })}
          onDelete={setDeleting}
        />
      </Paper>
      <Paper
        variant="outlined"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          minHeight: 0,
          display: conversationVisible ? "flex" : "none",
          flexDirection: "column",
          overflow: "hidden",
          justifyContent: selected ? "stretch" : "center",
        }}
      >
        {selected ? (
          <ChatConversation key={selected.id} chat={selected} userId={user.id} />
        ) : uuid && (list.isPending || single.isPending) ? (
          <LoadingState />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: "center", p: 2 }}>
            {uuid ? t("topBar.chatPage.notFound") : t("topBar.chatPage.selectChat")}
          </Typography>
        )}
      </Paper>
      {editing && (
        <ChatDialog
          chat={editing.chat}
          userId={user.id}
          busy={save.isPending}
          onSave={onSave}
          onClose={closeDialog}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("topBar.chatPage.deleteTitle", { title: deleting?.title ?? "" })}
        message={t("topBar.chatPage.deleteMessage")}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

import type { MessageDto } from "@inbox/shared";
import AddReactionOutlinedIcon from "@mui/icons-material/AddReactionOutlined";
import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ReplyIcon from "@mui/icons-material/Reply";
import ShortcutIcon from "@mui/icons-material/Shortcut";
import {
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { messagesApi } from "../../../api/messages";
import { useStoredFlag } from "../../../app/hooks/use-stored-flag";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EMOJIS, EmojiPicker } from "../input/EmojiPicker";
import { SIGN_STORAGE_KEY } from "../input/MessageInput";
import { ForwardMessageDialog } from "./ForwardMessageDialog";
import {
  canDeleteMessage,
  canEditMessage,
  canTalkTo,
  QUICK_REACTIONS,
  useMessageActions,
} from "./message-actions";

type Open = "menu" | "more" | "delete" | "forward" | null;

/**
 * A message's options (spec 1 section 2, message options menu with
 * reactions): react with one of the first 6 emojis or more, reply, edit and
 * delete own messages, forward. Keyboard: the button is in the tab order,
 * the popover keeps focus and Tab moves through its choices.
 */
export function MessageMenu({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [sign] = useStoredFlag(SIGN_STORAGE_KEY, false);
  if (!actions || message.isDeleted) return null;

  const close = () => setOpen(null);
  const change = async (work: () => Promise<MessageDto>, done?: string) => {
    setBusy(true);
    try {
      actions.onChanged(await work());
      if (done) toast.success(done);
      close();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const react = (emoji: string) =>
    void change(() => messagesApi.react(message.id, emoji), t("ticketView.menu.reacted"));

  return (
    <>
      <Tooltip title={t("ticketView.menu.options")}>
        <IconButton
          size="small"
          aria-label={t("ticketView.menu.options")}
          aria-haspopup="dialog"
          aria-controls={open === "menu" ? popoverId : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setOpen("menu");
          }}
          className="message-menu-button"
          sx={{ p: 0.25, color: "inherit", opacity: 0.6, "&:hover, &:focus-visible": { opacity: 1 } }}
        >
          <ExpandMoreIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open === "menu"}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: message.fromMe ? "right" : "left" }}
        transformOrigin={{ vertical: "top", horizontal: message.fromMe ? "right" : "left" }}
        slotProps={{ paper: { "aria-label": t("ticketView.menu.options") } }}
      >
        <Stack direction="row" sx={{ px: 1, pt: 1 }} role="group" aria-label={t("ticketView.menu.options")}>
          {QUICK_REACTIONS.map((emoji, index) => (
            <IconButton
              key={emoji}
              aria-label={t("ticketView.menu.react", { emoji })}
              disabled={busy}
              autoFocus={index === 0}
              onClick={() => react(emoji)}
              sx={{ fontSize: 20, width: 36, height: 36 }}
            >
              {emoji}
            </IconButton>
          ))}
          <IconButton
            aria-label={t("ticketView.menu.moreReactions")}
            disabled={busy}
            onClick={() => setOpen("more")}
          >
            <AddReactionOutlinedIcon />
          </IconButton>
        </Stack>
        <List dense>
          <ListItemButton
            onClick={() => {
              close();
              actions.onReply(message);
            }}
          >
            <ListItemIcon>
              <ReplyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t("ticketView.menu.reply")} />
          </ListItemButton>
          {canEditMessage(message) && (
            <ListItemButton
              onClick={() => {
                close();
                actions.onEdit(message);
              }}
            >
              <ListItemIcon>
                <EditOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t("ticketView.menu.edit")} />
            </ListItemButton>
          )}
          <ListItemButton onClick={() => setOpen("forward")}>
            <ListItemIcon>
              <ShortcutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t("ticketView.menu.forward")} />
          </ListItemButton>
          {actions.onTalkTo && canTalkTo(message) && (
            <ListItemButton
              onClick={() => {
                close();
                actions.onTalkTo?.(message);
              }}
            >
              <ListItemIcon>
                <ChatOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t("ticketView.menu.talkTo")} />
            </ListItemButton>
          )}
          {canDeleteMessage(message) && (
            <ListItemButton onClick={() => setOpen("delete")}>
              <ListItemIcon>
                <DeleteOutlineIcon fontSize="small" color="error" />
              </ListItemIcon>
              <ListItemText primary={t("ticketView.menu.delete")} />
            </ListItemButton>
          )}
        </List>
      </Popover>
      <EmojiPicker
        anchor={open === "more" ? anchor : null}
        emojis={EMOJIS.filter((emoji) => !QUICK_REACTIONS.includes(emoji))}
        label={t("ticketView.menu.moreReactions")}
        onPick={react}
        onClose={close}
      />
      <ConfirmDialog
        open={open === "delete"}
        title={t("ticketView.menu.deleteTitle")}
        message={t("ticketView.menu.deleteMessage")}
        confirmLabel={t("ticketView.menu.delete")}
        busy={busy}
        onConfirm={() => void change(() => messagesApi.remove(message.id))}
        onClose={close}
      />
      {open === "forward" && <ForwardMessageDialog message={message} signMessage={sign} onClose={close} />}
    </>
  );
}

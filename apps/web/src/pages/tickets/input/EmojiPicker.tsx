import { Box, IconButton, Popover } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * A light emoji picker: the common emojis as a grid of buttons (arrow-free,
 * Tab moves through them), no dependency and no emoji data download.
 */
export const EMOJIS = [
  "😀",
  "😃",
  "😄",
  "😁",
  "😆",
  "😅",
  "😂",
  "🤣",
  "😊",
  "😇",
  "🙂",
  "😉",
  "😍",
  "🥰",
  "😘",
  "😋",
  "😎",
  "🤩",
  "🥳",
  "😏",
  "😒",
  "😞",
  "😔",
  "😟",
  "😕",
  "🙁",
  "😣",
  "😖",
  "😫",
  "😩",
  "🥺",
  "😢",
  "😭",
  "😤",
  "😠",
  "😡",
  "🤯",
  "😳",
  "😱",
  "😨",
  "🤔",
  "🤗",
  "🤭",
  "🤫",
  "😶",
  "😐",
  "😬",
  "🙄",
  "😴",
  "🤤",
  "😷",
  "🤒",
  "🤝",
  "👍",
  "👎",
  "👏",
  "🙌",
  "🙏",
  "👋",
  "👌",
  "✌️",
  "🤞",
  "💪",
  "👀",
  "❤️",
  "🧡",
  "💛",
  "💚",
  "💙",
  "💜",
  "🖤",
  "💔",
  "💯",
  "✅",
  "❌",
  "⚠️",
  "⭐",
  "🔥",
  "🎉",
  "🎁",
  "📞",
  "📅",
  "⏰",
  "📦",
  "🚚",
  "💰",
  "💳",
  "📄",
  "📎",
  "📷",
  "🏠",
  "🌟",
  "☀️",
  "🌧️",
  "☕",
  "🍕",
];

interface EmojiPickerProps {
  anchor: HTMLElement | null;
  onPick: (emoji: string) => void;
  onClose: () => void;
  /** Accessible name of the grid. */
  label?: string;
  emojis?: string[];
}

export function EmojiPicker({ anchor, onPick, onClose, label, emojis = EMOJIS }: EmojiPickerProps) {
  const { t } = useTranslation();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "top", horizontal: "left" }}
      transformOrigin={{ vertical: "bottom", horizontal: "left" }}
    >
      <Box
        role="group"
        aria-label={label ?? t("ticketView.input.emoji")}
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(8, 36px)",
          p: 1,
          maxHeight: 260,
          overflowY: "auto",
        }}
      >
        {emojis.map((emoji, index) => (
          <IconButton
            key={emoji}
            aria-label={emoji}
            size="small"
            autoFocus={index === 0}
            onClick={() => onPick(emoji)}
            sx={{ fontSize: 20, width: 36, height: 36 }}
          >
            {emoji}
          </IconButton>
        ))}
      </Box>
    </Popover>
  );
}

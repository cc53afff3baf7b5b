import { Box, CircularProgress, Popover } from "@mui/material";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";

const EmojiPickerPanel = lazy(() => import("./EmojiPickerPanel"));

interface ComposerEmojiPickerProps {
  anchor: HTMLElement | null;
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/** The composer's emoji button's popover: the searchable, categorised picker, fetched the first time it opens. */
export function ComposerEmojiPicker({ anchor, onPick, onClose }: ComposerEmojiPickerProps) {
  const { t } = useTranslation();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "top", horizontal: "left" }}
      transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{ paper: { "aria-label": t("ticketView.input.emoji") } as object }}
    >
      <Suspense
        fallback={
          <Box sx={{ width: 340, height: 400, display: "grid", placeItems: "center" }}>
            <CircularProgress aria-label={t("shellCues.emojiLoading")} />
          </Box>
        }
      >
        <EmojiPickerPanel onPick={onPick} />
      </Suspense>
    </Popover>
  );
}

import { useTheme } from "@mui/material";
import Picker, { Categories, EmojiStyle, Theme } from "emoji-picker-react";
import { useTranslation } from "react-i18next";

const CATEGORIES = [
  Categories.SUGGESTED,
  Categories.SMILEYS_PEOPLE,
  Categories.ANIMALS_NATURE,
  Categories.FOOD_DRINK,
  Categories.TRAVEL_PLACES,
  Categories.ACTIVITIES,
  Categories.OBJECTS,
  Categories.SYMBOLS,
  Categories.FLAGS,
] as const;

interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
}

/**
 * The composer's emoji picker: emoji-picker-react with search and categories (names in the
 * interface language), native emojis (no image download). Loaded lazily by ComposerEmojiPicker,
 * so the package stays out of the main bundle.
 */
export default function EmojiPickerPanel({ onPick }: EmojiPickerPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Picker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      theme={theme.palette.mode === "dark" ? Theme.DARK : Theme.LIGHT}
      searchPlaceholder={t("shellCues.emojiSearch")}
      categories={CATEGORIES.map((category) => ({
        category,
        name: t(`shellCues.emojiCategories.${category}`),
      }))}
      previewConfig={{ showPreview: false }}
      autoFocusSearch
      lazyLoadEmojis
      width={340}
      height={400}
    />
  );
}

import type { QuickMessageDto } from "@inbox/shared";
import { List, ListItem, ListItemButton, ListItemText, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Quick-reply labels are cut at 90 characters (spec 1 section 9). */
const LABEL_CUT = 90;

export function quickReplyLabel(quick: QuickMessageDto): string {
  const text = `${quick.shortcode} - ${quick.message}`;
  return text.length > LABEL_CUT ? `${text.slice(0, LABEL_CUT)}…` : text;
}

/** The quick messages whose shortcode matches what follows the '/'. */
export function matchQuickReplies(all: QuickMessageDto[], text: string): QuickMessageDto[] {
  if (!text.startsWith("/")) return [];
  const term = text.slice(1).toLowerCase();
  return all.filter((quick) => quick.shortcode.toLowerCase().includes(term));
}

interface QuickRepliesProps {
  id: string;
  options: QuickMessageDto[];
  highlighted: number;
  onPick: (quick: QuickMessageDto) => void;
}

/**
 * The list above the input while the text starts with '/'; the input's arrows
 * move the highlight. No match (or no quick message at all) says so.
 */
export function QuickReplies({ id, options, highlighted, onPick }: QuickRepliesProps) {
  const { t } = useTranslation();
  return (
    <Paper elevation={3} sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, zIndex: 2, mb: 0.5 }}>
      <List
        id={id}
        role="listbox"
        aria-label={t("ticketView.input.quickReplies")}
        dense
        sx={{ maxHeight: 240, overflowY: "auto" }}
      >
        {options.length === 0 && (
          <ListItem role="option" aria-selected={false} aria-disabled>
            <ListItemText secondary={t("ticketView.input.quickRepliesEmpty")} />
          </ListItem>
        )}
        {options.map((quick, index) => (
          <ListItemButton
            key={quick.id}
            id={`${id}-${quick.id}`}
            role="option"
            aria-selected={index === highlighted}
            selected={index === highlighted}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(quick)}
          >
            <ListItemText primary={quickReplyLabel(quick)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

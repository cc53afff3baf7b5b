import { FLOW_INTERVAL_MAX_SECONDS, FLOW_TEXT_MAX, type FlowContentKind } from "@inbox/shared";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { FormControlLabel, IconButton, Paper, Stack, Switch, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { uploadKindOf } from "../upload";
import { FilePicker } from "./FilePicker";

/** One item of a content card as the dialog edits it; `file` is chosen but not yet uploaded. */
export interface ContentDraft {
  number: string;
  kind: FlowContentKind;
  value: string;
  original?: string;
  record?: boolean;
  file?: File;
}

interface ContentItemCardProps {
  item: ContentDraft;
  first: boolean;
  last: boolean;
  onChange(item: ContentDraft): void;
  onMove(step: -1 | 1): void;
  onRemove(): void;
  onProblem(message: string): void;
}

/** A text, interval or file item, with move and remove buttons. */
export function ContentItemCard({
  item,
  first,
  last,
  onChange,
  onMove,
  onRemove,
  onProblem,
}: ContentItemCardProps) {
  const { t } = useTranslation();
  const title = t(`flowbuilder.types.${item.kind}`);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`content-item-${item.kind}`}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton
          size="small"
          aria-label={`${t("flowbuilder.fields.moveUp")} ${title}`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`${t("flowbuilder.fields.moveDown")} ${title}`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`${t("flowbuilder.fields.removeItem")} ${title}`}
          onClick={onRemove}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      {item.kind === "message" && (
        <TextField
          label={t("flowbuilder.fields.message")}
          fullWidth
          multiline
          minRows={2}
          value={item.value}
          onChange={(event) => onChange({ ...item, value: event.target.value })}
          slotProps={{ htmlInput: { maxLength: FLOW_TEXT_MAX } }}
        />
      )}
      {item.kind === "interval" && (
        <TextField
          label={t("flowbuilder.fields.seconds")}
          type="number"
          size="small"
          sx={{ width: 220 }}
          value={item.value}
          onChange={(event) => onChange({ ...item, value: event.target.value })}
          slotProps={{ htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS } }}
        />
      )}
      {item.kind !== "message" && item.kind !== "interval" && (
        <Stack spacing={1}>
          <FilePicker
            kind={uploadKindOf(item.kind)}
            current={item.file?.name ?? item.original ?? item.value}
            onPick={(file) => onChange({ ...item, file })}
            onProblem={onProblem}
          />
          {item.kind === "audio" && (
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(item.record)}
                  onChange={(event) => onChange({ ...item, record: event.target.checked })}
                />
              }
              label={t("flowbuilder.fields.record")}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

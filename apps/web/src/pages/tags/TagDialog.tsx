import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLaneOptions, useSaveTag, useTag } from "../../api/tags";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { TagColorField } from "./TagColorField";
import { serverErrors, type TagDraft, type TagFieldErrors, toBody, toDraft, validate } from "./tag-form";

interface TagDialogProps {
  open: boolean;
  /** null creates a tag. */
  tagId: number | null;
  /** A new tag starts as a kanban lane (opened from /TagsKanban). */
  kanban?: boolean;
  onClose: () => void;
}

/**
 * Create or edit a tag (spec 2 sections 2 and 5), shared by /tags and /TagsKanban: name, colour and
 * the kanban switch; a kanban tag also has its time in the lane, the next and rollback lanes (the
 * company's other kanban tags) and the message sent when a ticket enters the lane.
 */
export function TagDialog({ open, tagId, kanban = false, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const editing = tagId !== null;
  const detail = useTag(open && editing ? tagId : null);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {editing ? t("tags.dialog.titleEdit") : t("tags.dialog.titleAdd")}
      </DialogTitle>
      {open && editing && detail.isError ? (
        <EmptyState message={errorMessage(detail.error)} />
      ) : open && (!editing || detail.data) ? (
        <TagForm
          key={tagId ?? "new"}
          tagId={tagId}
          initial={toDraft(detail.data, kanban)}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}

interface TagFormProps {
  tagId: number | null;
  initial: TagDraft;
  onSaved: () => void;
  onCancel: () => void;
}

function TagForm({ tagId, initial, onSaved, onCancel }: TagFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<TagFieldErrors>({});
  const save = useSaveTag();
  const lanes = useLaneOptions(tagId, draft.kanban);
  const contentRef = useRef<HTMLDivElement>(null);
  /** Counts the refused saves: after each, the first field showing an error takes the focus. */
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    contentRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"]:not([aria-hidden="true"])')
      ?.focus();
  }, [refusals]);

  const change = (patch: Partial<TagDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const showErrors = (found: TagFieldErrors) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = toBody(draft);
    const found = validate(body);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: tagId, body });
      toast.success(t("tags.saved"));
      onSaved();
    } catch (error) {
      const fromServer = serverErrors(error);
      if (fromServer) showErrors(fromServer);
      else toastError(error);
    }
  };

  const options = lanes.data ?? [];
  // A lane the list does not offer (not loaded yet, or just turned into a plain tag) shows as none.
  const laneValue = (id: number | "") => (id !== "" && options.some((lane) => lane.id === id) ? id : "");
  const laneSelect = (field: "nextLaneId" | "rollbackLaneId", label: string) => (
    <TextField
      select
      label={label}
      value={laneValue(draft[field])}
      size="small"
      fullWidth
      disabled={lanes.isPending}
      onChange={(event) =>
        change({ [field]: event.target.value === "" ? "" : Number(event.target.value) } as Partial<TagDraft>)
      }
      error={Boolean(errors[field])}
      helperText={errors[field]}
    >
      <MenuItem value="">
        <em>{t("tags.dialog.noLane")}</em>
      </MenuItem>
      {options.map((lane) => (
        <MenuItem key={lane.id} value={lane.id}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: lane.color, mr: 1, flexShrink: 0 }}
          />
          {lane.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent dividers ref={contentRef}>
        <Stack spacing={2}>
          <TextField
            label={t("tags.dialog.name")}
            value={draft.name}
            required
            size="small"
            fullWidth
            autoFocus
            onChange={(event) => change({ name: event.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TagColorField value={draft.color} error={errors.color} onChange={(color) => change({ color })} />
          <Box>
            <FormControlLabel
              control={<Switch checked={draft.kanban} onChange={(_, kanban) => change({ kanban })} />}
              label={t("tags.dialog.kanban")}
            />
            <Typography variant="caption" color="text.secondary" component="p">
              {t("tags.dialog.kanbanHelp")}
            </Typography>
          </Box>
          {draft.kanban && (
            <>
              <TextField
                label={t("tags.dialog.timeLane")}
                value={draft.timeLane}
                type="number"
                size="small"
                onChange={(event) => change({ timeLane: event.target.value })}
                error={Boolean(errors.timeLane)}
                helperText={errors.timeLane ?? t("tags.dialog.timeLaneHelp")}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
              {lanes.isError && <Alert severity="warning">{t("tags.dialog.lanesError")}</Alert>}
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                {laneSelect("nextLaneId", t("tags.dialog.nextLane"))}
                {laneSelect("rollbackLaneId", t("tags.dialog.rollbackLane"))}
              </Stack>
              <TextField
                label={t("tags.dialog.greetingMessageLane")}
                value={draft.greetingMessageLane}
                size="small"
                multiline
                minRows={3}
                onChange={(event) => change({ greetingMessageLane: event.target.value })}
                error={Boolean(errors.greetingMessageLane)}
                helperText={errors.greetingMessageLane}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {tagId === null ? t("tags.dialog.add") : t("common.save")}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

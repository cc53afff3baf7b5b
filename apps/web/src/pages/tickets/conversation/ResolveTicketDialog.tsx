import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from "@mui/material";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useContactTags } from "../../../api/contacts";
import { useRequiredTag, useUserRating } from "../../../api/ticket-actions";

interface ResolveTicketDialogProps {
  open: boolean;
  contactId: number;
  /** A group's ticket is never rated (the server closes it with the farewell): no rating choice. */
  isGroup?: boolean;
  busy: boolean;
  /** true: the farewell (with userRating on: the rating question first); false: close at once. */
  onResolve: (withFarewell: boolean) => void;
  onClose: () => void;
}

/** The rating choice: "ask" resolves with sendFarewellMessage true, "skip" with false. */
type RatingChoice = "ask" | "skip";

/**
 * Resolve: close without or with the farewell message. With the requiredTag
 * setting on, a contact without a tag gets a warning instead (spec 1 section 4).
 * With the userRating setting on, the farewell first asks the contact for a
 * score (the server keeps the ticket in nps until then), so the dialog asks
 * for that choice instead, with none preselected ('Avaliação obrigatória',
 * spec 1 section 5).
 */
export function ResolveTicketDialog({
  open,
  contactId,
  isGroup,
  busy,
  onResolve,
  onClose,
}: ResolveTicketDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      {/* Mounted only while the dialog shows, so each opening starts with no choice. */}
      <ResolveContent
        open={open}
        titleId={titleId}
        contactId={contactId}
        isGroup={isGroup}
        busy={busy}
        onResolve={onResolve}
        onClose={onClose}
      />
    </Dialog>
  );
}

function ResolveContent({
  open,
  titleId,
  contactId,
  isGroup = false,
  busy,
  onResolve,
  onClose,
}: ResolveTicketDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const required = useRequiredTag(open);
  const rating = useUserRating(open && !isGroup);
  const tags = useContactTags(contactId, open && required.data === true);
  const checking =
    required.isPending || (!isGroup && rating.isPending) || (required.data === true && tags.isPending);
  const missingTag = required.data === true && tags.data !== undefined && tags.data.length === 0;
  const blocked = busy || checking || missingTag;

  if (rating.data === true && !isGroup) {
    return (
      <RatingForm
        titleId={titleId}
        checking={checking}
        missingTag={missingTag}
        blocked={blocked}
        onResolve={onResolve}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      <DialogTitle id={titleId}>{t("ticketView.resolve.title")}</DialogTitle>
      <DialogContent>
        {checking ? (
          <CircularProgress size={24} aria-label={t("common.loading")} />
        ) : missingTag ? (
          <Alert severity="warning">{t("ticketView.resolve.requiredTag")}</Alert>
        ) : (
          <DialogContentText>{t("ticketView.resolve.message")}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button onClick={() => onResolve(false)} disabled={blocked}>
          {t("ticketView.resolve.withoutFarewell")}
        </Button>
        <Button onClick={() => onResolve(true)} disabled={blocked} variant="contained" autoFocus>
          {t("ticketView.resolve.withFarewell")}
        </Button>
      </DialogActions>
    </>
  );
}

/** userRating on: a required choice between the rating (then the farewell) and closing at once. */
function RatingForm({
  titleId,
  checking,
  missingTag,
  blocked,
  onResolve,
  onClose,
}: {
  titleId: string;
  checking: boolean;
  missingTag: boolean;
  blocked: boolean;
  onResolve: (withFarewell: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const firstChoice = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<RatingChoice | "">("");
  const [invalid, setInvalid] = useState(false);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) return;
    if (choice === "") {
      setInvalid(true);
      firstChoice.current?.focus();
      return;
    }
    onResolve(choice === "ask");
  };
  /** Enter on a choice submits, as in a text field (browsers differ for radios). */
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{t("ticketView.resolve.title")}</DialogTitle>
      <DialogContent>
        {checking ? (
          <CircularProgress size={24} aria-label={t("common.loading")} />
        ) : missingTag ? (
          <Alert severity="warning">{t("ticketView.resolve.requiredTag")}</Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t("ticketView.resolve.rating.message")}</DialogContentText>
            <FormControl error={invalid} required>
              <FormLabel id={labelId}>{t("ticketView.resolve.rating.label")}</FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                aria-describedby={invalid ? helperId : undefined}
                aria-required
                aria-invalid={invalid || undefined}
                value={choice}
                onChange={(event) => {
                  setChoice(event.target.value as RatingChoice);
                  setInvalid(false);
                }}
                onKeyDown={submitOnEnter}
              >
                <FormControlLabel
                  value="ask"
                  control={<Radio inputRef={firstChoice} autoFocus />}
                  label={t("ticketView.resolve.rating.ask")}
                />
                <FormControlLabel
                  value="skip"
                  control={<Radio />}
                  label={t("ticketView.resolve.rating.skip")}
                />
              </RadioGroup>
              {invalid && (
                <FormHelperText id={helperId}>{t("ticketView.resolve.rating.required")}</FormHelperText>
              )}
            </FormControl>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="submit" disabled={blocked} variant="contained">
          {t("ticketView.resolve.rating.confirm")}
        </Button>
      </DialogActions>
    </form>
  );
}

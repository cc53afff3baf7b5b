import type { CompanyDeletionPayload, CompanyDto } from "@inbox/shared";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

interface DeleteCompanyDialogProps {
  company: CompanyDto | null;
  /** The deletion's live progress once it started (company-{id}-companyDeletion). */
  progress: CompanyDeletionPayload | null;
  started: boolean;
  busy: boolean;
  onConfirm: (typedName: string) => void;
  onClose: () => void;
}

/**
 * Deleting a company removes everything it owns: the super user types its name to confirm, then
 * follows the job's progress here.
 */
export function DeleteCompanyDialog({
  company,
  progress,
  started,
  busy,
  onConfirm,
  onClose,
}: DeleteCompanyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [typed, setTyped] = useState("");
  const matches = company !== null && typed.trim() === company.name;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const close = () => {
    setTyped("");
    onClose();
  };
  return (
    <Dialog open={company !== null} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("companies.deleteTitle", { name: company?.name ?? "" })}</DialogTitle>
      <DialogContent>
        {!started ? (
          <>
            <DialogContentText>{t("companies.deleteMessage")}</DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{t("companies.deleteWarning")}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              size="small"
              label={t("companies.typeName", { name: company?.name ?? "" })}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && matches && !busy) onConfirm(typed.trim());
              }}
            />
          </>
        ) : progress?.error ? (
          <Alert severity="error">{t("companies.deleteFailed")}</Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {progress?.finished
                ? t("companies.deleteDone")
                : t("companies.deleteProgress", { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
            </Typography>
            <LinearProgress
              variant={progress ? "determinate" : "indeterminate"}
              value={percent}
              aria-label={t("companies.deleteProgressLabel")}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {!started ? (
          <>
            <Button onClick={close}>{t("common.cancel")}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={!matches || busy}
              onClick={() => onConfirm(typed.trim())}
            >
              {t("common.delete")}
            </Button>
          </>
        ) : (
          // Closing leaves the job running; the table follows when it finishes.
          <Button onClick={close}>{t("companies.close")}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { type FacebookPagesInput, facebookPagesSchema } from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { useAddFacebookPages } from "../../api/connections";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { PasswordField } from "../../components/PasswordField";

export type PageChannel = "facebook" | "instagram";

interface FacebookPagesDialogProps {
  /** The menu entry chosen; null when closed. */
  channel: PageChannel | null;
  onClose: () => void;
  /** The manual path: the connection dialog with page id, token and app secret. */
  onManual: (channel: PageChannel) => void;
}

/** The menu entry decides addInstagram; the form asks for the rest. */
const formSchema = facebookPagesSchema.omit({ addInstagram: true });
const resolver = zodResolver(formSchema);
type FormValues = Omit<FacebookPagesInput, "addInstagram">;

/**
 * The Facebook and Instagram entries of the add menu. Facebook's JS SDK needs
 * the internet and an app domain, so the manager pastes what Facebook Login
 * gives (user id and user token); the server lists the pages and connects them.
 */
export function FacebookPagesDialog({ channel, onClose, onManual }: FacebookPagesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={channel !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t("connections.facebookLogin.title", {
          channel: channel ? t(`connections.channels.${channel}`) : "",
        })}
      </DialogTitle>
      {channel && <FacebookPagesForm key={channel} channel={channel} onClose={onClose} onManual={onManual} />}
    </Dialog>
  );
}

function FacebookPagesForm({
  channel,
  onClose,
  onManual,
}: FacebookPagesDialogProps & { channel: PageChannel }) {
  const { t } = useTranslation();
  const addPages = useAddFacebookPages();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: { facebookUserId: "", facebookUserToken: "" },
    mode: "onTouched",
  });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await addPages.mutateAsync({ ...values, addInstagram: channel === "instagram" });
      toast.success(
        t("connections.facebookLogin.done", { created: result.created, updated: result.updated }),
      );
      onClose();
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      if (field === "facebookUserId" || field === "facebookUserToken") {
        setError(field, { type: "server", message: isApiError(error) ? error.message : "" });
      } else toastError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t(
              channel === "instagram"
                ? "connections.facebookLogin.instagramHint"
                : "connections.facebookLogin.hint",
            )}
          </DialogContentText>
          <TextField
            {...register("facebookUserId")}
            label={t("connections.facebookLogin.userId")}
            required
            autoFocus
            inputMode="numeric"
            error={Boolean(errors.facebookUserId)}
            helperText={errors.facebookUserId?.message}
          />
          <PasswordField
            {...register("facebookUserToken")}
            label={t("connections.facebookLogin.userToken")}
            required
            autoComplete="off"
            error={Boolean(errors.facebookUserToken)}
            helperText={errors.facebookUserToken?.message}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onManual(channel)} sx={{ mr: "auto" }}>
          {t("connections.facebookLogin.manual")}
        </Button>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t("connections.facebookLogin.submit")}
        </Button>
      </DialogActions>
    </form>
  );
}

import AttachFileIcon from "@mui/icons-material/AttachFile";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { messagesApiClient } from "../../api/messages-api";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";

type Kind = "text" | "media";
type Field = "token" | "number" | "body" | "file";
type Errors = Partial<Record<Field, string>>;

interface Values {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

const EMPTY: Values = { token: "", number: "", body: "", file: null };

/**
 * The server names the failing field of an ERR_VALIDATION; the media file travels as `medias` (or
 * `media`), and `token` is a connection of another channel than WhatsApp.
 */
const SERVER_FIELDS: Record<string, Field> = {
  token: "token",
  number: "number",
  body: "body",
  medias: "file",
  media: "file",
};

/**
 * A test form of the messages API page (spec 3 sections 2 and 5): text sends JSON { number, body },
 * media sends multipart with the file in `medias` (its caption defaults to the file name). Token and
 * number are required, plus the body for text and the file for media. A success toasts and clears
 * the form; a failure toasts the translated error code and marks the field the server names.
 */
export function TestSendForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const set = (field: Field, value: string | File | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = (): Errors => {
    const required = t("messagesApi.test.required");
    const found: Errors = {};
    if (values.token.trim() === "") found.token = required;
    if (values.number.trim() === "") found.number = required;
    if (kind === "text" && values.body.trim() === "") found.body = required;
    if (kind === "media" && !values.file) found.file = t("messagesApi.test.fileRequired");
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const token = values.token.trim();
      const number = values.number.trim();
      if (kind === "media" && values.file)
        await messagesApiClient.sendMedia(token, { number, body: values.body, file: values.file });
      else await messagesApiClient.sendText(token, { number, body: values.body });
      toast.success(t("messagesApi.test.sent"));
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      const field = isApiError(error) && error.field ? SERVER_FIELDS[error.field] : undefined;
      if (field) setErrors({ [field]: message });
      else if (isApiError(error) && error.code === "ERR_INVALID_API_TOKEN") setErrors({ token: message });
    } finally {
      setSending(false);
    }
  };

  const text = (field: "token" | "number" | "body", label: string, multiline = false) => (
    <TextField
      name={field}
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      required={field !== "body" || kind === "text"}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      autoComplete="off"
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, height: "100%" }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t(kind === "text" ? "messagesApi.test.textTitle" : "messagesApi.test.mediaTitle")}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <Stack spacing={2}>
          {text("token", t("messagesApi.test.token"))}
          {text("number", t("messagesApi.test.number"))}
          {text("body", t(kind === "text" ? "messagesApi.test.body" : "messagesApi.test.caption"), true)}
          {kind === "media" && (
            <Box>
              <input
                ref={fileInput}
                type="file"
                hidden
                data-testid="messages-api-file"
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  event.target.value = "";
                  if (file) set("file", file);
                }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Button startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()}>
                  {t("messagesApi.test.chooseFile")}
                </Button>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {values.file?.name ?? t("messagesApi.test.noFile")}
                </Typography>
              </Stack>
              {errors.file && <FormHelperText error>{errors.file}</FormHelperText>}
            </Box>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={sending}
              startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            >
              {t(sending ? "messagesApi.test.sending" : "messagesApi.test.send")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

import { FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { flowsApi } from "../../../api/flows";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { compressImage, uploadKindOf } from "../upload";
import { FilePicker } from "./FilePicker";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/**
 * An image, audio or video node: the file is checked (types and limits), pictures compressed,
 * then uploaded (POST /flowbuilder/img or /audio) and the node keeps the stored name.
 */
export function MediaDialog({
  type,
  mode,
  data,
  onSave,
  onClose,
}: NodeDialogProps & { type: "img" | "audio" | "video" }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [record, setRecord] = useState(Boolean(data.record));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stored = String(data.url ?? "");
  const submit = async () => {
    if (!file) {
      if (stored) return onSave({ ...data, ...(type === "audio" ? { record } : {}) });
      return setError(t("flowbuilder.errors.emptyCards"));
    }
    setBusy(true);
    try {
      const url =
        type === "img"
          ? await flowsApi.uploadImage(await compressImage(file))
          : await flowsApi.uploadAudio(file);
      toast.success(t(type === "img" ? "flowbuilder.toasts.image" : "flowbuilder.toasts.audio"));
      onSave({ ...data, url, original: file.name, ...(type === "audio" ? { record } : {}) });
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <NodeDialogFrame type={type} mode={mode} onSubmit={() => void submit()} onClose={onClose} busy={busy}>
      <Stack spacing={2}>
        <FilePicker
          kind={uploadKindOf(type)}
          current={file?.name ?? String(data.original ?? stored)}
          onPick={(picked) => {
            setFile(picked);
            setError(null);
          }}
          onProblem={setError}
        />
        {type === "audio" && (
          <FormControlLabel
            control={<Switch checked={record} onChange={(event) => setRecord(event.target.checked)} />}
            label={t("flowbuilder.fields.record")}
          />
        )}
        {error && (
          <Typography color="error" variant="caption" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </NodeDialogFrame>
  );
}

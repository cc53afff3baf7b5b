import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { IconButton, InputAdornment, TextField, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toastError } from "../app/toast/toast-error";
import { toast } from "../app/toast/toast-store";

interface CopyableFieldProps {
  label: string;
  value: string;
}

/** A read-only value (a URL, a token) with a button that copies it to the clipboard. */
export function CopyableField({ label, value }: CopyableFieldProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("common.copied"));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t("common.copy")}>
                <IconButton
                  edge="end"
                  aria-label={t("common.copyLabel", { label })}
                  onClick={() => void copy()}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

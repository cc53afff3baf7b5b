import { FILE_LIST_MAX_OPTIONS, FILE_LIST_OPTION_NAME_MAX } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import { Box, Button, IconButton, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type FileListErrors, type FileOptionDraft, newFileOption } from "./file-list-form";

interface FileOptionsFieldProps {
  options: FileOptionDraft[];
  errors: FileListErrors;
  onChange: (options: FileOptionDraft[]) => void;
}

/** The dialog's repeatable options (spec 3 section 2): a name and an optional file each. */
export function FileOptionsField({ options, errors, onChange }: FileOptionsFieldProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<FileOptionDraft>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  const listError = errors.options;
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {t("files.options.title")}
      </Typography>
      {options.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("files.options.empty")}
        </Typography>
      )}
      {options.map((option, index) => (
        <OptionRow
          key={option.key}
          option={option}
          number={index + 1}
          error={errors[`options.${index}.name`]}
          onChange={(patch) => set(index, patch)}
          onRemove={() => onChange(options.filter((_, i) => i !== index))}
        />
      ))}
      {listError && (
        <Typography variant="caption" color="error" role="alert">
          {listError}
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={options.length >= FILE_LIST_MAX_OPTIONS}
          onClick={() => onChange([...options, newFileOption()])}
        >
          {t("files.options.add")}
        </Button>
      </Box>
    </Stack>
  );
}

interface OptionRowProps {
  option: FileOptionDraft;
  number: number;
  error?: string;
  onChange: (patch: Partial<FileOptionDraft>) => void;
  onRemove: () => void;
}

function OptionRow({ option, number, error, onChange, onRemove }: OptionRowProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const stored = option.removeStored ? null : option.storedName;
  const hasFile = Boolean(option.file || stored);
  const fileText = option.file
    ? t("files.options.newFile", { name: option.file.name })
    : (stored ?? t("files.options.noFile"));
  return (
    <Paper variant="outlined" role="group" aria-label={t("files.options.option", { number })} sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextField
            label={t("files.options.name")}
            value={option.name}
            required
            size="small"
            fullWidth
            onChange={(event) => onChange({ name: event.target.value })}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: FILE_LIST_OPTION_NAME_MAX } }}
          />
          <Tooltip title={t("files.options.remove")}>
            <IconButton aria-label={t("files.options.removeLabel", { number })} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <input
            ref={input}
            type="file"
            hidden
            data-testid={`file-option-input-${number}`}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = "";
              if (file) onChange({ file });
            }}
          />
          <Button
            size="small"
            startIcon={<AttachFileIcon />}
            aria-label={t(hasFile ? "files.options.replaceLabel" : "files.options.attachLabel", { number })}
            onClick={() => input.current?.click()}
          >
            {t(hasFile ? "files.options.replace" : "files.options.attach")}
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {fileText}
          </Typography>
          {hasFile && (
            <Tooltip title={t("files.options.removeFile")}>
              <IconButton
                size="small"
                aria-label={t("files.options.removeFileLabel", { number })}
                onClick={() => onChange({ file: null, removeStored: option.storedName !== null })}
              >
                <LinkOffIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

import type { FlowUploadKind } from "@inbox/shared";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Button, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { acceptOf, fileProblem } from "../upload";

interface FilePickerProps {
  kind: FlowUploadKind;
  /** The chosen file's name, or the stored one's. */
  current: string;
  onPick(file: File): void;
  onProblem(message: string): void;
}

/** A file button filtered to the kind's types; a wrong type or size is reported, not picked. */
export function FilePicker({ kind, current, onPick, onProblem }: FilePickerProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
        {t("flowbuilder.fields.chooseFile")}
        <input
          hidden
          type="file"
          accept={acceptOf(kind)}
          data-testid={`file-${kind}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            const problem = fileProblem(file, kind);
            if (problem) return onProblem(t(`flowbuilder.errors.${problem.key}`, problem));
            onPick(file);
          }}
        />
      </Button>
      <Typography variant="body2" color="text.secondary" noWrap>
        {current || t("flowbuilder.content.noFile")}
      </Typography>
    </Stack>
  );
}

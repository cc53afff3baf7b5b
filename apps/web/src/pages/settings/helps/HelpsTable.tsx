import type { HelpDto } from "@inbox/shared";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { Alert, Box, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { RowActionButtons } from "../../../components/RowActions";

interface HelpsTableProps {
  helps: HelpDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  onEdit: (help: HelpDto) => void;
  onDelete: (help: HelpDto) => void;
}

/** Every help video: title, video code, description, with edit and delete; cards on a phone. */
export function HelpsTable({ helps, loading, error, onEdit, onDelete }: HelpsTableProps) {
  const { t } = useTranslation();
  if (error) return <Alert severity="error">{error}</Alert>;
  if (loading) return <LoadingState />;
  if (helps.length === 0)
    return <EmptyState message={t("helps.empty")} icon={<HelpOutlineIcon fontSize="large" />} />;
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <ResponsiveTable
        label={t("helps.tableLabel")}
        rows={helps}
        rowKey={(help) => help.id}
        columns={[
          { key: "title", header: t("helps.fields.title"), render: (help) => help.title },
          {
            key: "video",
            header: t("helps.fields.video"),
            // The code in monospace in the table cell and on the card alike.
            render: (help) => (
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {help.video}
              </Box>
            ),
          },
          {
            key: "description",
            header: t("helps.fields.description"),
            // One truncated line in the table; the card shows it whole.
            cellSx: { maxWidth: 400, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
            render: (help) => help.description,
          },
        ]}
        actionsHeader={t("helps.actions")}
        actions={(help) => (
          <RowActionButtons
            editLabel={t("helps.editLabel", { title: help.title })}
            deleteLabel={t("helps.deleteLabel", { title: help.title })}
            onEdit={() => onEdit(help)}
            onDelete={() => onDelete(help)}
          />
        )}
      />
    </Paper>
  );
}

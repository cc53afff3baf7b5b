import type { HelpDto } from "@inbox/shared";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { Alert, Paper, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { RowActions } from "../../../components/RowActions";

interface HelpsTableProps {
  helps: HelpDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  onEdit: (help: HelpDto) => void;
  onDelete: (help: HelpDto) => void;
}

/** Every help video: title, video code, description, with edit and delete. */
export function HelpsTable({ helps, loading, error, onEdit, onDelete }: HelpsTableProps) {
  const { t } = useTranslation();
  if (error) return <Alert severity="error">{error}</Alert>;
  if (loading) return <LoadingState />;
  if (helps.length === 0)
    return <EmptyState message={t("helps.empty")} icon={<HelpOutlineIcon fontSize="large" />} />;
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t("helps.tableLabel")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("helps.fields.title")}</TableCell>
            <TableCell>{t("helps.fields.video")}</TableCell>
            <TableCell>{t("helps.fields.description")}</TableCell>
            <TableCell align="right">{t("helps.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {helps.map((help) => (
            <TableRow key={help.id} hover>
              <TableCell>{help.title}</TableCell>
              <TableCell sx={{ fontFamily: "monospace" }}>{help.video}</TableCell>
              <TableCell
                sx={{ maxWidth: 400, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
              >
                {help.description}
              </TableCell>
              <RowActions
                editLabel={t("helps.editLabel", { title: help.title })}
                deleteLabel={t("helps.deleteLabel", { title: help.title })}
                onEdit={() => onEdit(help)}
                onDelete={() => onDelete(help)}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import { IconButton, TableCell, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface RowActionsProps {
  /** Names the row for screen readers: 'Editar {name}', 'Excluir {name}'. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Actions of the row's own before edit and delete (a company's due-date button). */
  children?: ReactNode;
}

/** The last cell of a management table's row: edit and delete, each with its tooltip and label. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
      {children}
      <Tooltip title={t("common.edit")}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t("common.delete")}>
        <IconButton size="small" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}

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
  /** Absent: no delete button (a row that cannot be deleted, e.g. one's own user). */
  onDelete?: () => void;
  /** Actions of the row's own before edit and delete (a company's due-date button). */
  children?: ReactNode;
}

/** The last cell of a management table's row: edit and delete, each with its tooltip and label. */
export function RowActions(props: RowActionsProps) {
  return (
    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
      <RowActionButtons {...props} />
    </TableCell>
  );
}

/** RowActions' buttons without the cell (ResponsiveTable's actions: a table cell or a card's line). */
export function RowActionButtons({ editLabel, deleteLabel, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      <Tooltip title={t("common.edit")}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title={t("common.delete")}>
          <IconButton size="small" aria-label={deleteLabel} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

import type { QueueDto } from "@inbox/shared";
import LowPriorityIcon from "@mui/icons-material/LowPriority";
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { RowActions } from "../../components/RowActions";

interface QueuesTableProps {
  queues: QueueDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  onEdit: (queue: QueueDto) => void;
  onDelete: (queue: QueueDto) => void;
}

/** The queues in the menu's order: name, colour, greeting, order, actions. */
export function QueuesTable({ queues, loading, error, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table size="small" aria-label={t("queues.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("queues.columns.name")}</TableCell>
            <TableCell align="center">{t("queues.columns.color")}</TableCell>
            <TableCell>{t("queues.columns.greeting")}</TableCell>
            <TableCell align="center">{t("queues.columns.order")}</TableCell>
            <TableCell align="right">{t("queues.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.id} hover>
              <TableCell>{queue.name}</TableCell>
              <TableCell align="center">
                <Box
                  role="img"
                  aria-label={t("queues.colorSwatch", { color: queue.color })}
                  sx={{
                    width: 60,
                    height: 20,
                    mx: "auto",
                    borderRadius: 0.5,
                    border: 1,
                    borderColor: "divider",
                    bgcolor: queue.color,
                  }}
                />
              </TableCell>
              <TableCell
                sx={{ maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
              >
                {queue.greetingMessage}
              </TableCell>
              <TableCell align="center">{queue.orderQueue ?? "-"}</TableCell>
              <RowActions
                editLabel={t("queues.editLabel", { name: queue.name })}
                deleteLabel={t("queues.deleteLabel", { name: queue.name })}
                onEdit={() => onEdit(queue)}
                onDelete={() => onDelete(queue)}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && queues.length === 0 && (
        <EmptyState icon={<LowPriorityIcon fontSize="large" aria-hidden />} message={t("queues.empty")} />
      )}
    </>
  );
}

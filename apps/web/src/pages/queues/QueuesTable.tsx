import type { QueueDto } from "@inbox/shared";
import LowPriorityIcon from "@mui/icons-material/LowPriority";
import { Alert, Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";

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
      <ResponsiveTable
        label={t("queues.title")}
        rows={queues}
        rowKey={(queue) => queue.id}
        columns={[
          { key: "name", header: t("queues.columns.name"), render: (queue) => queue.name },
          {
            key: "color",
            header: t("queues.columns.color"),
            align: "center",
            render: (queue) => (
              <Box
                role="img"
                aria-label={t("queues.colorSwatch", { color: queue.color })}
                sx={{
                  width: 60,
                  height: 20,
                  mx: { xs: 0, sm: "auto" },
                  borderRadius: 0.5,
                  border: 1,
                  borderColor: "divider",
                  bgcolor: queue.color,
                }}
              />
            ),
          },
          {
            key: "greeting",
            header: t("queues.columns.greeting"),
            cellSx: { maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
            render: (queue) => queue.greetingMessage,
          },
          {
            key: "order",
            header: t("queues.columns.order"),
            align: "center",
            render: (queue) => queue.orderQueue ?? "-",
          },
        ]}
        actionsHeader={t("queues.columns.actions")}
        actions={(queue) => (
          <RowActionButtons
            editLabel={t("queues.editLabel", { name: queue.name })}
            deleteLabel={t("queues.deleteLabel", { name: queue.name })}
            onEdit={() => onEdit(queue)}
            onDelete={() => onDelete(queue)}
          />
        )}
      />
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

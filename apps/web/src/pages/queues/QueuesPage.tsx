import type { QueueDto, QueueEventPayload } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Paper } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { storeQueueEvent, useDeleteQueue, useQueues } from "../../api/queues";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { QueueModal } from "./QueueModal";
import { QueuesTable } from "./QueuesTable";

type ModalState = { open: false } | { open: true; queueId: number | null };

/**
 * Queues and their chatbots (spec 2 section 2, /queues, non-user profiles):
 * list, add, edit and delete; the list follows `company-{id}-queue` live.
 */
export function QueuesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queues = useQueues();
  const deleteQueue = useDeleteQueue();
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (queue: QueueDto) => deleteQueue.mutateAsync(queue.id),
    t("queues.deleted"),
    // Spec 2 section 8: a failed delete says so, whatever the cause.
    () => t("queues.deleteFailed"),
  );
  const [modal, setModal] = useState<ModalState>({ open: false });

  useCompanyEvent<QueueEventPayload>("queue", (event) => storeQueueEvent(queryClient, event));

  const rows = queues.data ?? [];

  return (
    <>
      <PageHeader
        title={t("queues.title")}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setModal({ open: true, queueId: null })}
          >
            {t("queues.add")}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <QueuesTable
          queues={rows}
          loading={queues.isPending}
          error={queues.isError ? t("queues.loadError") : undefined}
          onEdit={(queue) => setModal({ open: true, queueId: queue.id })}
          onDelete={setToDelete}
        />
      </Paper>
      <QueueModal
        open={modal.open}
        queueId={modal.open ? modal.queueId : null}
        queueCount={rows.length}
        onClose={() => setModal({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("queues.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("queues.deleteMessage")}
        busy={deleteQueue.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

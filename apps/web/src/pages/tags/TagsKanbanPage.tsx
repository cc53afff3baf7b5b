import type { KanbanTagDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import { Alert, Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDeleteTag, useInvalidateTags, useKanbanTags } from "../../api/tags";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { SearchField } from "../../components/SearchField";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { TagChip } from "./TagChip";
import { TagDialog } from "./TagDialog";

type DialogState = { open: false } | { open: true; tagId: number | null };

/**
 * The kanban lanes (spec 2 section 2, /TagsKanban, plan flag useKanban): the kanban tags with their
 * open and pending tickets (GET /tag/kanban/, the whole list, searched here by name), add (a kanban
 * tag), edit and delete for admins, and back to the board; cards on a phone. Follows `company{id}-tag` live.
 */
export function TagsKanbanPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manage = isAdmin(user);
  const [search, setSearch] = useState("");
  const tags = useKanbanTags();
  const deleteTag = useDeleteTag();
  const invalidate = useInvalidateTags();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: KanbanTagDto) => deleteTag.mutateAsync(row.id),
    t("tags.deleted"),
  );

  useCompanyEvent("tag", () => void invalidate());

  const term = search.trim().toLocaleLowerCase();
  const rows = (tags.data ?? []).filter((tag) => tag.name.toLocaleLowerCase().includes(term));

  return (
    <>
      <PageHeader
        title={t("tags.kanbanTitle")}
        actions={
          <>
            <Button component={Link} to="/Kanban" startIcon={<ArrowBackIcon />}>
              {t("tags.backToKanban")}
            </Button>
            <SearchField label={t("tags.search")} value={search} onChange={setSearch} name="searchParam" />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, tagId: null })}
            >
              {t("tags.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <ResponsiveTable
          label={t("tags.kanbanTitle")}
          rows={rows}
          rowKey={(tag) => tag.id}
          columns={[
            {
              key: "name",
              header: t("tags.columns.name"),
              render: (tag) => <TagChip name={tag.name} color={tag.color} />,
            },
            {
              key: "tickets",
              header: t("tags.columns.tickets"),
              align: "center",
              render: (tag) => tag.ticketsCount,
            },
          ]}
          actionsHeader={t("tags.columns.actions")}
          actions={
            manage
              ? (tag) => (
                  <RowActionButtons
                    editLabel={t("tags.editLabel", { name: tag.name })}
                    deleteLabel={t("tags.deleteLabel", { name: tag.name })}
                    onEdit={() => setDialog({ open: true, tagId: tag.id })}
                    onDelete={() => setToDelete(tag)}
                  />
                )
              : undefined
          }
        />
        {tags.isPending && <LoadingState />}
        {tags.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {`${t("tags.loadError")} ${errorMessage(tags.error)}`}
          </Alert>
        )}
        {tags.isSuccess && rows.length === 0 && (
          <EmptyState
            icon={<ViewKanbanIcon fontSize="large" aria-hidden />}
            message={t("tags.emptyKanban")}
          />
        )}
      </Paper>
      <TagDialog
        open={dialog.open}
        tagId={dialog.open ? dialog.tagId : null}
        kanban
        onClose={() => setDialog({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("tags.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("tags.deleteMessage")}
        busy={deleteTag.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

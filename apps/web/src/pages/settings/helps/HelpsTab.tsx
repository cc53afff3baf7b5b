import type { HelpCreateInput, HelpCreateValues, HelpDto } from "@inbox/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/api-error";
import { useDeleteHelp, useHelps, useSaveHelp } from "../../../api/helps";
import { useDeleteConfirmation } from "../../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { HelpForm } from "./HelpForm";
import { HelpsTable } from "./HelpsTable";

const emptyHelp = (): HelpCreateInput => ({ title: "", video: "", description: "" });

/**
 * The helps tab of /settings (spec 2, super users only): a form above a
 * table; a row's edit button loads it into the form, its delete button asks
 * first. Failures say what spec 2 section 8 says (a taken title says so).
 */
export function HelpsTab() {
  const { t } = useTranslation();
  const helps = useHelps();
  const saveHelp = useSaveHelp();
  const deleteHelp = useDeleteHelp();
  const [editing, setEditing] = useState<HelpDto | null>(null);
  // Bumped to start the form over (cleared, saved, another row picked).
  const [formVersion, setFormVersion] = useState(0);
  const edit = (help: HelpDto | null) => {
    setEditing(help);
    setFormVersion((v) => v + 1);
  };

  const save = async (values: HelpCreateValues) => {
    try {
      await saveHelp.mutateAsync({ id: editing?.id ?? null, body: values });
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === "ERR_HELP_TITLE_ALREADY_EXISTS"
          ? errorMessage(error)
          : t("helps.saveFailed"),
      );
      throw error;
    }
    toast.success(t("helps.saved"));
    edit(null);
  };

  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    async (row: HelpDto) => {
      await deleteHelp.mutateAsync(row.id);
      if (editing?.id === row.id) edit(null);
    },
    t("helps.deleted"),
    () => t("helps.deleteFailed"),
  );

  return (
    <>
      <HelpForm
        key={formVersion}
        editing={editing}
        initialValues={
          editing
            ? { title: editing.title, video: editing.video, description: editing.description }
            : emptyHelp()
        }
        onSubmit={save}
        onClear={() => edit(null)}
      />
      <HelpsTable
        helps={helps.data ?? []}
        loading={helps.isPending}
        error={helps.isError ? t("helps.loadError") : undefined}
        onEdit={edit}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("helps.deleteTitle", { title: toDelete?.title ?? "" })}
        message={t("helps.deleteMessage")}
        busy={deleteHelp.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

import type { PlanCreateInput, PlanDto } from "@inbox/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/api-error";
import { useDeletePlan, usePlans, useSavePlan } from "../../../api/plans";
import { useDeleteConfirmation } from "../../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { PlanForm } from "./PlanForm";
import { PlansTable } from "./PlansTable";
import { emptyPlanForm, toPlanForm } from "./plan-form";

/**
 * The plans tab of /settings (spec 2, super users only): a form above a
 * table; a row's edit button loads it into the form, its delete button asks
 * first. Failures say what spec 2 section 8 says.
 */
export function PlansTab() {
  const { t } = useTranslation();
  const plans = usePlans();
  const savePlan = useSavePlan();
  const deletePlan = useDeletePlan();
  const [editing, setEditing] = useState<PlanDto | null>(null);
  // Bumped to start the form over (cleared, saved, another row picked).
  const [formVersion, setFormVersion] = useState(0);
  const edit = (plan: PlanDto | null) => {
    setEditing(plan);
    setFormVersion((v) => v + 1);
  };

  const save = async (values: PlanCreateInput) => {
    try {
      await savePlan.mutateAsync({ id: editing?.id ?? null, body: values });
    } catch (error) {
      toast.error(t("plans.saveFailed"));
      throw error;
    }
    toast.success(t("plans.saved"));
    edit(null);
  };

  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    async (row: PlanDto) => {
      await deletePlan.mutateAsync(row.id);
      if (editing?.id === row.id) edit(null);
    },
    t("plans.deleted"),
    (error) =>
      // A plan in use says why; anything else is the spec's delete failure.
      isApiError(error) && error.code === "ERR_PLAN_IN_USE" ? errorMessage(error) : t("plans.deleteFailed"),
  );

  return (
    <>
      <PlanForm
        key={formVersion}
        editing={editing}
        initialValues={editing ? toPlanForm(editing) : emptyPlanForm()}
        onSubmit={save}
        onClear={() => edit(null)}
      />
      <PlansTable
        plans={plans.data ?? []}
        loading={plans.isPending}
        error={plans.isError ? t("plans.loadError") : undefined}
        onEdit={edit}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("plans.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("plans.deleteMessage")}
        busy={deletePlan.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

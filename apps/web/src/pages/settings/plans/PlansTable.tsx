import { PLAN_FLAGS, type PlanDto } from "@inbox/shared";
import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremium";
import { Alert, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { type ResponsiveColumn, ResponsiveTable } from "../../../components/ResponsiveTable";
import { RowActionButtons } from "../../../components/RowActions";
import { formatAmount } from "./plan-form";

interface PlansTableProps {
  plans: PlanDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  onEdit: (plan: PlanDto) => void;
  onDelete: (plan: PlanDto) => void;
}

/**
 * Every plan: name, limits, amount, public and each use flag (Sim/Não), with edit and delete;
 * cards on a phone.
 */
export function PlansTable({ plans, loading, error, onEdit, onDelete }: PlansTableProps) {
  const { t, i18n } = useTranslation();
  const yesNo = (value: boolean) => (value ? t("plans.yes") : t("plans.no"));
  const columns: ResponsiveColumn<PlanDto>[] = [
    { key: "name", header: t("plans.fields.name"), render: (plan) => plan.name },
    { key: "users", header: t("plans.fields.users"), align: "center", render: (plan) => plan.users },
    {
      key: "connections",
      header: t("plans.fields.connections"),
      align: "center",
      render: (plan) => plan.connections,
    },
    { key: "queues", header: t("plans.fields.queues"), align: "center", render: (plan) => plan.queues },
    {
      key: "amount",
      header: t("plans.fields.amount"),
      align: "right",
      cellSx: { whiteSpace: "nowrap" },
      render: (plan) => formatAmount(plan.amount, i18n.language),
    },
    {
      key: "isPublic",
      header: t("plans.fields.isPublic"),
      align: "center",
      render: (plan) => yesNo(plan.isPublic),
    },
    ...PLAN_FLAGS.map(
      (flag): ResponsiveColumn<PlanDto> => ({
        key: flag,
        header: t(`plans.fields.${flag}`),
        align: "center",
        render: (plan) => yesNo(plan[flag]),
      }),
    ),
  ];
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <ResponsiveTable
        label={t("plans.title")}
        rows={plans}
        rowKey={(plan) => plan.id}
        columns={columns}
        actionsHeader={t("plans.actions")}
        actions={(plan) => (
          <RowActionButtons
            editLabel={t("plans.editLabel", { name: plan.name })}
            deleteLabel={t("plans.deleteLabel", { name: plan.name })}
            onEdit={() => onEdit(plan)}
            onDelete={() => onDelete(plan)}
          />
        )}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && plans.length === 0 && (
        <EmptyState icon={<WorkspacePremiumIcon fontSize="large" aria-hidden />} message={t("plans.empty")} />
      )}
    </Paper>
  );
}

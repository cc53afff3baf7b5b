import { PLAN_FLAGS, type PlanDto } from "@inbox/shared";
import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremium";
import { Alert, Paper, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { RowActions } from "../../../components/RowActions";
import { formatAmount } from "./plan-form";

interface PlansTableProps {
  plans: PlanDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  onEdit: (plan: PlanDto) => void;
  onDelete: (plan: PlanDto) => void;
}

/** Every plan: name, limits, amount, public and each use flag (Sim/Não), with edit and delete. */
export function PlansTable({ plans, loading, error, onEdit, onDelete }: PlansTableProps) {
  const { t, i18n } = useTranslation();
  const yesNo = (value: boolean) => (value ? t("plans.yes") : t("plans.no"));
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t("plans.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("plans.fields.name")}</TableCell>
            <TableCell align="center">{t("plans.fields.users")}</TableCell>
            <TableCell align="center">{t("plans.fields.connections")}</TableCell>
            <TableCell align="center">{t("plans.fields.queues")}</TableCell>
            <TableCell align="right">{t("plans.fields.amount")}</TableCell>
            <TableCell align="center">{t("plans.fields.isPublic")}</TableCell>
            {PLAN_FLAGS.map((flag) => (
              <TableCell key={flag} align="center">
                {t(`plans.fields.${flag}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t("plans.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plans.map((plan) => (
            <TableRow key={plan.id} hover>
              <TableCell>{plan.name}</TableCell>
              <TableCell align="center">{plan.users}</TableCell>
              <TableCell align="center">{plan.connections}</TableCell>
              <TableCell align="center">{plan.queues}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {formatAmount(plan.amount, i18n.language)}
              </TableCell>
              <TableCell align="center">{yesNo(plan.isPublic)}</TableCell>
              {PLAN_FLAGS.map((flag) => (
                <TableCell key={flag} align="center">
                  {yesNo(plan[flag])}
                </TableCell>
              ))}
              <RowActions
                editLabel={t("plans.editLabel", { name: plan.name })}
                deleteLabel={t("plans.deleteLabel", { name: plan.name })}
                onEdit={() => onEdit(plan)}
                onDelete={() => onDelete(plan)}
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
      {!loading && !error && plans.length === 0 && (
        <EmptyState icon={<WorkspacePremiumIcon fontSize="large" aria-hidden />} message={t("plans.empty")} />
      )}
    </Paper>
  );
}

import type { CampaignDto, CampaignEventPayload } from "@inbox/shared";
import { canCancelCampaign, canRestartCampaign, isCampaignEditable, LIMITS } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import AssessmentIcon from "@mui/icons-material/Assessment";
import CampaignIcon from "@mui/icons-material/Campaign";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutline";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutline";
import SettingsIcon from "@mui/icons-material/Settings";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Alert, Button, IconButton, LinearProgress, Paper, Tooltip } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import {
  useCampaignsCache,
  useCampaignsInfinite,
  useCampaignTransition,
  useDeleteCampaign,
} from "../../api/campaigns";
import { formatDateTimeShort } from "../../app/format-date";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { SearchField } from "../../components/SearchField";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { CampaignDialog } from "./CampaignDialog";
import { CampaignStatusChip } from "./campaign-status";

type DialogState = { open: false } | { open: true; editing: CampaignDto | null };

/**
 * /campaigns (spec 3 section 2): search, an infinitely scrolled table (cards on a phone) of name, status, audience,
 * connection, schedule, completion and confirmation; per campaign: stop (EM_ANDAMENTO), restart
 * (CANCELADA), report, edit (or view, when not editable) and delete. Rows follow live events.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const campaigns = useCampaignsInfinite(searchParam);
  const remove = useDeleteCampaign();
  const transition = useCampaignTransition();
  const cache = useCampaignsCache();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: CampaignDto) => remove.mutateAsync(row.id),
    t("campaigns.deleted"),
  );

  useCompanyEvent<CampaignEventPayload>("campaign", cache.apply);

  const rows = campaigns.data?.pages.flatMap((page) => page.records) ?? [];

  // Spec 3 section 11: cancel and restart failures show the error's message directly.
  const move = async (row: CampaignDto, action: "cancel" | "restart") => {
    try {
      await transition.mutateAsync({ id: row.id, action });
      toast.info(t(action === "cancel" ? "campaigns.cancelled" : "campaigns.restarted"));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title={t("campaigns.title")}
        actions={
          <>
            <SearchField label={t("campaigns.search")} value={search} onChange={setSearch} />
            <Button component={RouterLink} to="/campaigns-config" startIcon={<SettingsIcon />}>
              {t("campaigns.settingsLink")}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, editing: null })}
            >
              {t("campaigns.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(campaigns.hasNextPage) && !campaigns.isFetchingNextPage}
          onReachEnd={() => void campaigns.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ResponsiveTable
            stickyHeader
            label={t("campaigns.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { key: "name", header: t("campaigns.columns.name"), render: (row) => row.name },
              {
                key: "status",
                header: t("campaigns.columns.status"),
                align: "center",
                render: (row) => <CampaignStatusChip status={row.status} />,
              },
              {
                key: "contactList",
                header: t("campaigns.columns.contactList"),
                align: "center",
                render: (row) =>
                  row.contactList?.name ??
                  (row.tagList ? t("campaigns.tagAudience", { name: row.tagList.name }) : "—"),
              },
              {
                key: "whatsapp",
                header: t("campaigns.columns.whatsapp"),
                align: "center",
                render: (row) => row.whatsapp?.name ?? "—",
              },
              {
                key: "scheduledAt",
                header: t("campaigns.columns.scheduledAt"),
                align: "center",
                render: (row) => formatDateTimeShort(row.scheduledAt) || t("campaigns.notScheduled"),
              },
              {
                key: "completedAt",
                header: t("campaigns.columns.completedAt"),
                align: "center",
                render: (row) => formatDateTimeShort(row.completedAt) || t("campaigns.notCompleted"),
              },
              {
                key: "confirmation",
                header: t("campaigns.columns.confirmation"),
                align: "center",
                render: (row) => (row.confirmation ? t("campaigns.enabled") : t("campaigns.disabled")),
              },
            ]}
            actionsHeader={t("campaigns.columns.actions")}
            actions={(row) => (
              <>
                {canCancelCampaign(row) && (
                  <RowButton
                    title={t("campaigns.actions.stop", { name: row.name })}
                    onClick={() => void move(row, "cancel")}
                    icon={<PauseCircleOutlineIcon fontSize="small" />}
                  />
                )}
                {canRestartCampaign(row) && (
                  <RowButton
                    title={t("campaigns.actions.restart", { name: row.name })}
                    onClick={() => void move(row, "restart")}
                    icon={<PlayCircleOutlineIcon fontSize="small" />}
                  />
                )}
                <Tooltip title={t("campaigns.actions.report", { name: row.name })}>
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={`/campaign/${row.id}/report`}
                    aria-label={t("campaigns.actions.report", { name: row.name })}
                  >
                    <AssessmentIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <RowButton
                  title={t(isCampaignEditable(row) ? "campaigns.actions.edit" : "campaigns.actions.view", {
                    name: row.name,
                  })}
                  onClick={() => setDialog({ open: true, editing: row })}
                  icon={
                    isCampaignEditable(row) ? (
                      <EditIcon fontSize="small" />
                    ) : (
                      <VisibilityIcon fontSize="small" />
                    )
                  }
                />
                <RowButton
                  title={t("campaigns.actions.delete", { name: row.name })}
                  onClick={() => setToDelete(row)}
                  icon={<DeleteOutlineIcon fontSize="small" />}
                />
              </>
            )}
          />
          {campaigns.isPending && <LoadingState />}
          {campaigns.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(campaigns.error)}
            </Alert>
          )}
          {!campaigns.isPending && !campaigns.isError && rows.length === 0 && (
            <EmptyState icon={<CampaignIcon fontSize="large" aria-hidden />} message={t("campaigns.empty")} />
          )}
          {campaigns.isFetchingNextPage && <LinearProgress aria-label={t("campaigns.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && (
        <CampaignDialog
          editing={dialog.editing}
          onClose={() => setDialog({ open: false })}
          onSaved={() => toast.success(t("campaigns.saved"))}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("campaigns.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("campaigns.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function RowButton({ title, onClick, icon }: { title: string; onClick: () => void; icon: React.ReactNode }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={title} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

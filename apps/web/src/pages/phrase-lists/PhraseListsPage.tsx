import type { FlowCampaignDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import TextsmsIcon from "@mui/icons-material/Textsms";
import { Alert, Box, Button, Chip, Paper, TableContainer } from "@mui/material";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../../api/connections";
import {
  useDeleteFlowCampaign,
  useFlowCampaignEvents,
  useFlowCampaigns,
  useFlowOptions,
} from "../../api/flow-campaigns";
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
import { ConnectionStatusIcon } from "../connections/ConnectionStatusIcon";
import { PhraseCampaignDialog } from "./PhraseCampaignDialog";

type DialogState = { open: false } | { open: true; campaign: FlowCampaignDto | null };

/**
 * /phrase-lists (spec 3 section 2): phrase campaigns with name, flow, connection (and its status),
 * phrase and Ativo/Desativado; add, edit and delete (delete needs contacts-page:deleteContact, the
 * admins' rule, section 6); live by socket.
 */
export function PhraseListsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const campaigns = useFlowCampaigns();
  useFlowCampaignEvents();
  const flows = useFlowOptions();
  const connections = useConnectionOptions();
  const remove = useDeleteFlowCampaign();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: FlowCampaignDto) => remove.mutateAsync(row.id),
    t("phraseLists.deleted"),
  );
  const flowOptions = useMemo(() => (flows.data ?? []).map(({ id, name }) => ({ id, name })), [flows.data]);
  const flowName = (id: number) => flowOptions.find((f) => f.id === id)?.name ?? `#${id}`;
  const connectionOf = (id: number | null) => connections.data?.find((c) => c.id === id);
  const rows = campaigns.data ?? [];
  const canDelete = isAdmin(user);

  return (
    <>
      <PageHeader
        title={t("phraseLists.title")}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, campaign: null })}
          >
            {t("phraseLists.add")}
          </Button>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }}>
          <ResponsiveTable
            stickyHeader
            label={t("phraseLists.title")}
            rows={rows}
            rowKey={(campaign) => campaign.id}
            columns={[
              {
                key: "name",
                header: t("phraseLists.columns.name"),
                render: (campaign) => campaign.name,
                cellSx: { overflowWrap: "anywhere" },
              },
              {
                key: "flow",
                header: t("phraseLists.columns.flow"),
                render: (campaign) => flowName(campaign.flowId),
              },
              {
                key: "connection",
                header: t("phraseLists.columns.connection"),
                render: (campaign) => {
                  const connection = connectionOf(campaign.whatsappId);
                  return connection ? (
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                      <ConnectionStatusIcon channel={connection.channel} status={connection.status} />
                      {connection.name}
                    </Box>
                  ) : (
                    t("phraseLists.noConnectionShort")
                  );
                },
              },
              {
                key: "phrase",
                header: t("phraseLists.columns.phrase"),
                render: (campaign) => campaign.phrase,
                cellSx: { overflowWrap: "anywhere" },
              },
              {
                key: "status",
                header: t("phraseLists.columns.status"),
                align: "center",
                render: (campaign) => (
                  <Chip
                    size="small"
                    color={campaign.status ? "success" : "default"}
                    label={campaign.status ? t("phraseLists.active") : t("phraseLists.inactive")}
                  />
                ),
              },
            ]}
            actionsHeader={t("phraseLists.columns.actions")}
            actions={(campaign) => (
              <RowActionButtons
                editLabel={t("phraseLists.editRow", { name: campaign.name })}
                deleteLabel={t("phraseLists.deleteRow", { name: campaign.name })}
                onEdit={() => setDialog({ open: true, campaign })}
                onDelete={canDelete ? () => setToDelete(campaign) : undefined}
              />
            )}
          />
          {campaigns.isPending && <LoadingState />}
          {campaigns.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(campaigns.error)}
            </Alert>
          )}
          {!campaigns.isPending && !campaigns.isError && rows.length === 0 && (
            <EmptyState
              icon={<TextsmsIcon fontSize="large" aria-hidden />}
              message={t("phraseLists.empty")}
            />
          )}
        </TableContainer>
      </Paper>
      {dialog.open && (
        <PhraseCampaignDialog
          campaign={dialog.campaign}
          flows={flowOptions}
          connections={connections.data ?? []}
          onClose={() => setDialog({ open: false })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("phraseLists.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("phraseLists.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

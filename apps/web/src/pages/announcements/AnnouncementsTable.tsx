import type { AnnouncementDto } from "@inbox/shared";
import CampaignIcon from "@mui/icons-material/Campaign";
import { Alert, Chip, LinearProgress } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PRIORITY_COLORS } from "../../app/shell/AnnouncementsPopover";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";

interface AnnouncementsTableProps {
  rows: AnnouncementDto[];
  loading: boolean;
  error?: string;
  loadingMore: boolean;
  onEdit: (announcement: AnnouncementDto) => void;
  onDelete: (announcement: AnnouncementDto) => void;
}

const level = (priority: number): 1 | 2 | 3 => (priority === 1 || priority === 2 ? priority : 3);

/** Spec 3 section 2: title, priority, attachment name, status, actions. */
export function AnnouncementsTable({
  rows,
  loading,
  error,
  loadingMore,
  onEdit,
  onDelete,
}: AnnouncementsTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <ResponsiveTable
        stickyHeader
        label={t("announcementsAdmin.title")}
        rows={rows}
        rowKey={(announcement) => announcement.id}
        columns={[
          {
            key: "title",
            header: t("announcementsAdmin.columns.title"),
            render: (announcement) => announcement.title,
            cellSx: { overflowWrap: "anywhere" },
          },
          {
            key: "priority",
            header: t("announcementsAdmin.columns.priority"),
            render: (announcement) => (
              <Chip
                size="small"
                variant="outlined"
                label={t(`announcementsAdmin.priority${level(announcement.priority)}`)}
                sx={{ borderColor: PRIORITY_COLORS[level(announcement.priority)] }}
              />
            ),
          },
          {
            key: "media",
            header: t("announcementsAdmin.columns.media"),
            render: (announcement) => announcement.mediaName ?? t("announcementsAdmin.noFile"),
            cellSx: { overflowWrap: "anywhere" },
          },
          {
            key: "status",
            header: t("announcementsAdmin.columns.status"),
            render: (announcement) =>
              announcement.status === false
                ? t("announcementsAdmin.inactive")
                : t("announcementsAdmin.active"),
          },
        ]}
        actionsHeader={t("announcementsAdmin.columns.actions")}
        actions={(announcement) => (
          <RowActionButtons
            editLabel={t("announcementsAdmin.editLabel", { title: announcement.title })}
            deleteLabel={t("announcementsAdmin.deleteLabel", { title: announcement.title })}
            onEdit={() => onEdit(announcement)}
            onDelete={() => onDelete(announcement)}
          />
        )}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && rows.length === 0 && (
        <EmptyState
          icon={<CampaignIcon fontSize="large" aria-hidden />}
          message={t("announcementsAdmin.empty")}
        />
      )}
      {loadingMore && <LinearProgress aria-label={t("announcementsAdmin.loadingMore")} />}
    </>
  );
}

import type { AnnouncementDto } from "@inbox/shared";
import CampaignIcon from "@mui/icons-material/Campaign";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import {
  Alert,
  Chip,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { PRIORITY_COLORS } from "../../app/shell/AnnouncementsPopover";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";

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
      <Table stickyHeader size="small" aria-label={t("announcementsAdmin.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("announcementsAdmin.columns.title")}</TableCell>
            <TableCell>{t("announcementsAdmin.columns.priority")}</TableCell>
            <TableCell>{t("announcementsAdmin.columns.media")}</TableCell>
            <TableCell>{t("announcementsAdmin.columns.status")}</TableCell>
            <TableCell align="right">{t("announcementsAdmin.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((announcement) => (
            <TableRow key={announcement.id} hover>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{announcement.title}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`announcementsAdmin.priority${level(announcement.priority)}`)}
                  sx={{ borderColor: PRIORITY_COLORS[level(announcement.priority)] }}
                />
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>
                {announcement.mediaName ?? t("announcementsAdmin.noFile")}
              </TableCell>
              <TableCell>
                {announcement.status === false
                  ? t("announcementsAdmin.inactive")
                  : t("announcementsAdmin.active")}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                <Tooltip title={t("common.edit")}>
                  <IconButton
                    size="small"
                    aria-label={t("announcementsAdmin.editLabel", { title: announcement.title })}
                    onClick={() => onEdit(announcement)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t("common.delete")}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={t("announcementsAdmin.deleteLabel", { title: announcement.title })}
                    onClick={() => onDelete(announcement)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
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

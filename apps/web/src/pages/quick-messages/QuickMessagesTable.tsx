import { canChangeQuickMessage, type QuickMessageDto } from "@inbox/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import QuickreplyIcon from "@mui/icons-material/Quickreply";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Alert, IconButton, LinearProgress, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ResponsiveTable } from "../../components/ResponsiveTable";

interface QuickMessagesTableProps {
  rows: QuickMessageDto[];
  userId: number;
  loading: boolean;
  error?: string;
  loadingMore: boolean;
  onEdit: (quick: QuickMessageDto) => void;
  onDelete: (quick: QuickMessageDto) => void;
}

/** Spec 3 section 2: shortcode, attachment name or none, a check when geral, edit and delete. */
export function QuickMessagesTable({
  rows,
  userId,
  loading,
  error,
  loadingMore,
  onEdit,
  onDelete,
}: QuickMessagesTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <ResponsiveTable
        label={t("quickMessages.title")}
        stickyHeader
        rows={rows}
        rowKey={(quick) => quick.id}
        columns={[
          {
            key: "shortcode",
            header: t("quickMessages.columns.shortcode"),
            cellSx: { overflowWrap: "anywhere" },
            render: (quick) => quick.shortcode,
          },
          {
            key: "media",
            header: t("quickMessages.columns.media"),
            cellSx: { overflowWrap: "anywhere" },
            render: (quick) => quick.mediaName ?? t("quickMessages.noFile"),
          },
          {
            key: "geral",
            header: t("quickMessages.columns.geral"),
            align: "center",
            render: (quick) =>
              quick.geral && (
                <CheckCircleIcon color="success" fontSize="small" aria-label={t("quickMessages.isGeral")} />
              ),
          },
        ]}
        actionsHeader={t("quickMessages.columns.actions")}
        actions={(quick) => {
          const editable = canChangeQuickMessage(quick, userId);
          return (
            <>
              <Tooltip title={editable ? t("common.edit") : t("quickMessages.view")}>
                <IconButton
                  size="small"
                  aria-label={t(editable ? "quickMessages.editLabel" : "quickMessages.viewLabel", {
                    shortcode: quick.shortcode,
                  })}
                  onClick={() => onEdit(quick)}
                >
                  {editable ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
              {editable && (
                <Tooltip title={t("common.delete")}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={t("quickMessages.deleteLabel", { shortcode: quick.shortcode })}
                    onClick={() => onDelete(quick)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          );
        }}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && rows.length === 0 && (
        <EmptyState
          icon={<QuickreplyIcon fontSize="large" aria-hidden />}
          message={t("quickMessages.empty")}
        />
      )}
      {loadingMore && <LinearProgress aria-label={t("quickMessages.loadingMore")} />}
    </>
  );
}

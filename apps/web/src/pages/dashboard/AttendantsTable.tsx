import type { DashboardAttendant } from "@inbox/shared";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { RatingFace } from "../../components/RatingFace";
import { attendantsCsv, downloadText, formatMinutes, resolutionRate } from "./dashboard-data";

interface AttendantsTableProps {
  attendants: DashboardAttendant[];
  /** Part of the exported file's name, e.g. 2026-03-01_2026-03-31. */
  rangeLabel: string;
}

/** Spec 1 section 3's attendant rows, with a spreadsheet export and a resolution bar per row. */
export function AttendantsTable({ attendants, rangeLabel }: AttendantsTableProps) {
  const { t } = useTranslation();
  const statusText = (online: boolean) =>
    t(online ? "dashboard.attendants.online" : "dashboard.attendants.offline");
  const exportCsv = () => {
    const csv = attendantsCsv(
      {
        name: t("dashboard.attendants.name"),
        status: t("dashboard.attendants.status"),
        rating: t("dashboard.attendants.rating"),
        tickets: t("dashboard.attendants.tickets"),
        finished: t("dashboard.attendants.finished"),
        avgWaitTime: t("dashboard.attendants.avgWaitTimeMinutes"),
        avgSupportTime: t("dashboard.attendants.avgSupportTimeMinutes"),
        resolution: t("dashboard.attendants.resolutionPercent"),
      },
      attendants,
      statusText,
    );
    downloadText(`${t("dashboard.attendants.fileName")}_${rangeLabel}.csv`, csv);
  };
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t("dashboard.attendants.title")}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadIcon />}
          onClick={exportCsv}
          disabled={attendants.length === 0}
        >
          {t("dashboard.attendants.export")}
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t("dashboard.attendants.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("dashboard.attendants.name")}</TableCell>
              <TableCell>{t("dashboard.attendants.status")}</TableCell>
              <TableCell>{t("dashboard.attendants.rating")}</TableCell>
              <TableCell align="right">{t("dashboard.attendants.tickets")}</TableCell>
              <TableCell align="right">{t("dashboard.attendants.finished")}</TableCell>
              <TableCell align="right">{t("dashboard.attendants.avgWaitTime")}</TableCell>
              <TableCell align="right">{t("dashboard.attendants.avgSupportTime")}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{t("dashboard.attendants.performance")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attendants.map((row) => {
              const rate = resolutionRate(row.finished, row.tickets);
              return (
                <TableRow key={row.id}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={statusText(row.online)}
                      color={row.online ? "success" : "default"}
                      variant={row.online ? "filled" : "outlined"}
                    />
                  </TableCell>
                  <TableCell>
                    {row.rating === null ? (
                      <Typography variant="body2" color="text.secondary">
                        {t("dashboard.attendants.noRating")}
                      </Typography>
                    ) : (
                      <Box
                        sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}
                      >
                        <RatingFace rate={row.rating} average />
                        <Typography variant="body2" component="span">
                          {row.rating.toFixed(1)}
                        </Typography>
                        <Typography variant="caption" component="span" color="text.secondary">
                          ({t("ratings.count", { count: row.countRating })})
                        </Typography>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right">{row.tickets}</TableCell>
                  <TableCell align="right">{row.finished}</TableCell>
                  <TableCell align="right">{formatMinutes(row.avgWaitTime)}</TableCell>
                  <TableCell align="right">{formatMinutes(row.avgSupportTime)}</TableCell>
                  <TableCell>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                      <LinearProgress
                        variant="determinate"
                        value={rate}
                        color="success"
                        aria-label={t("dashboard.attendants.resolutionOf", { name: row.name })}
                        sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
                      />
                      <Typography variant="caption">{rate}%</Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

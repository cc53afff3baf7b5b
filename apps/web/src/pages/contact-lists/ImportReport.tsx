import type { ContactListImportDto } from "@inbox/shared";
import {
  Alert,
  AlertTitle,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";

const FAILURES = ["UNREADABLE_FILE", "NO_HEADER", "INTERNAL"] as const;
/** Why a whole file failed (the server's ImportFailure), as an i18n key. */
function failureKey(error: string) {
  const failure = FAILURES.find((known) => known === error) ?? "INTERNAL";
  return `contactLists.failure.${failure}` as const;
}

/** Rows of the refused report shown at once; the rest are counted (the whole report stays on the server). */
const SHOWN = 200;

/**
 * An import's live state: a progress bar while it runs (rows read so far: an .xlsx is read as a
 * stream, its length is known only at the end), then what was added and every refused row with its
 * line and reason, or why the whole file was refused.
 */
export function ImportReport({ report }: { report: ContactListImportDto }) {
  const { t } = useTranslation();
  const running = report.status === "queued" || report.status === "running";
  if (running)
    return (
      <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t("contactLists.import.running", { file: report.fileName, processed: report.processed })}
        </Typography>
        <LinearProgress aria-label={t("contactLists.import.progress")} />
      </Box>
    );
  const failed = report.status === "failed";
  return (
    <Alert
      severity={failed ? "error" : report.refusedCount > 0 ? "warning" : "success"}
      role="status"
      sx={{ mb: 2 }}
    >
      <AlertTitle>
        {failed
          ? t("contactLists.import.failed", { file: report.fileName })
          : t("contactLists.import.done", { file: report.fileName })}
      </AlertTitle>
      {failed && report.error && <Typography variant="body2">{t(failureKey(report.error))}</Typography>}
      <Typography variant="body2">
        {t("contactLists.import.summary", { imported: report.imported, refused: report.refusedCount })}
      </Typography>
      {report.refused.length > 0 && (
        <Table size="small" aria-label={t("contactLists.import.refusedTitle")} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("contactLists.import.line")}</TableCell>
              <TableCell>{t("contactLists.import.number")}</TableCell>
              <TableCell>{t("contactLists.import.reason")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.refused.slice(0, SHOWN).map((row) => (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                <TableCell>{row.number ?? ""}</TableCell>
                <TableCell>{t(`contactLists.refusal.${row.reason}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report.refused.length > SHOWN && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t("contactLists.import.more", { count: report.refused.length - SHOWN })}
        </Typography>
      )}
    </Alert>
  );
}

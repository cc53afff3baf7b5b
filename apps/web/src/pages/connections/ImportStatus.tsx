import type { ConnectionDto } from "@inbox/shared";
import { Button, CircularProgress, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTimeShort } from "../../app/format-date";
import { type ImportProgress, useImportProgress } from "../../realtime/import-progress";

/** statusImportMessages when an import ended leaving its tickets open (the server's value). */
export const IMPORT_CLOSE_PENDING = "renderButtonCloseTickets";
/** Spec 2 section 9: the 'Preparing' button shows this long after the import started. */
export const IMPORT_PREPARING_MS = 35_000;

/** Statuses whose row offers to close the imported tickets (spec 2 section 4, with disconnect). */
const CLOSE_OFFERED = new Set(["CONNECTED", "PAIRING", "TIMEOUT"]);

/** When the 'Preparing' window of this connection's import ends (ms), or null when none is open. */
export function preparingUntil(connection: ConnectionDto, now: number): number | null {
  if (!connection.importOldMessages || !connection.statusImportMessages) return null;
  const started = Number(connection.statusImportMessages);
  if (!Number.isFinite(started)) return null;
  const until = started + IMPORT_PREPARING_MS;
  return until > now ? until : null;
}

interface ImportStatusProps {
  connection: ConnectionDto;
  onCloseImported: (connection: ConnectionDto) => void;
}

/**
 * The message import's part of the session column: the close-imported-tickets action once an
 * import left its tickets open, the 'Preparing' button for 35 s after it started, and its live
 * progress (processed of total, date, percentage) from importMessages-{companyId}.
 */
export function ImportStatus({ connection, onCloseImported }: ImportStatusProps) {
  const { t } = useTranslation();
  const progress = useImportProgress(connection.id);
  const [now, setNow] = useState(() => Date.now());
  const until = preparingUntil(connection, now);
  useEffect(() => {
    if (until === null) return;
    // Re-render when the window closes, so the button goes away by itself.
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [until]);

  if (connection.channel !== "whatsapp") return null;
  const offerClose =
    connection.statusImportMessages === IMPORT_CLOSE_PENDING && CLOSE_OFFERED.has(connection.status);
  if (!offerClose && until === null && !progress) return null;
  return (
    <Stack spacing={0.5} sx={{ mt: 1, alignItems: "flex-start" }}>
      {offerClose && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          aria-label={`${t("connectionImport.closeImported")}: ${connection.name}`}
          onClick={() => onCloseImported(connection)}
        >
          {t("connectionImport.closeImported")}
        </Button>
      )}
      {until !== null && (
        <Button size="small" variant="outlined" disabled endIcon={<CircularProgress size={12} />}>
          {t("connectionImport.preparing")}
        </Button>
      )}
      {progress && <ProgressText progress={progress} />}
    </Stack>
  );
}

function ProgressText({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation();
  const text =
    progress.this === -1
      ? t("connectionImport.preparing")
      : t("connectionImport.progress", {
          done: progress.this,
          all: progress.all,
          date: formatDateTimeShort(progress.date),
          percent: progress.all > 0 ? Math.floor((progress.this / progress.all) * 100) : 0,
        });
  return (
    <Typography variant="caption" color="text.secondary" role="status">
      {text}
    </Typography>
  );
}

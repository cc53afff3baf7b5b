import { REPORT_EXPORT_FILE_NAME, type ReportExportPayload } from "@inbox/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ReportFilters, reportsApi } from "../../api/reports";
import { downloadFile } from "../../app/download-file";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DEFAULT_LANGUAGE, isLanguage } from "../../i18n";
import { useCompanyEvent } from "../../realtime/realtime-context";

/** Rows written of the total; the total is unknown until the answer starts. */
export interface ExportProgress {
  written: number;
  total: number | null;
}

/** A version 4 UUID, also where crypto.randomUUID is missing (a page served over plain http). */
export function newExportId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The report's 'Exportar' (spec 2 section 2): the server writes the
 * spreadsheet while streaming it; the total comes with the answer's first
 * bytes (X-Total-Count) and the rows written with the server's progress
 * events for this export's id (company-{id}-reportExport), so the bar moves
 * while the file downloads. The finished file is handed to the browser.
 */
export function useReportExport() {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const current = useRef<string | null>(null);

  useCompanyEvent<ReportExportPayload>("reportExport", (payload) => {
    if (payload.exportId !== current.current) return;
    setProgress(
      (shown) => shown && { written: Math.max(shown.written, payload.written), total: payload.total },
    );
  });

  const start = async (filters: ReportFilters) => {
    if (current.current) return;
    const exportId = newExportId();
    current.current = exportId;
    setProgress({ written: 0, total: null });
    try {
      const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
      const response = await reportsApi.export(filters, { lang, exportId });
      const total = Number(response.headers.get("x-total-count") ?? Number.NaN);
      if (Number.isFinite(total)) setProgress((shown) => shown && { ...shown, total });
      const file = await response.blob();
      setProgress((shown) => shown && { written: shown.total ?? shown.written, total: shown.total });
      downloadFile(file, REPORT_EXPORT_FILE_NAME);
      toast.success(t("reports.export.done", { count: Number.isFinite(total) ? total : 0 }));
    } catch (error) {
      toastError(error);
    } finally {
      current.current = null;
      setProgress(null);
    }
  };

  return { progress, exporting: progress !== null, start };
}

import type { TicketDto } from "@inbox/shared";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../app/download-file";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { type CollectProgress, collectMessages } from "./collect-messages";

type Phase = { kind: "loading"; progress: CollectProgress | null } | { kind: "building" };

/**
 * PDF export of the whole conversation (spec 1 section 2, dialogs): every
 * page of GET /messages/{ticketId} is read with a progress bar (cancelable),
 * then the document is built with the PDF library loaded on demand and
 * downloaded. Nothing to export: 'element not found' (spec 1 section 8).
 */
export function ExportPdfDialog({ ticket, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: "loading", progress: null });
  const controller = useRef<AbortController | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    const run = async () => {
      try {
        const messages = await collectMessages(ticket.id, {
          signal: abort.signal,
          onProgress: (progress) => setPhase({ kind: "loading", progress }),
        });
        if (abort.signal.aborted) return;
        if (messages.length === 0) {
          toast.error(t("ticketTools.export.empty"));
          closeRef.current();
          return;
        }
        setPhase({ kind: "building" });
        const name = ticket.contact?.name ?? "";
        const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
        const { buildConversationPdf } = await import("./conversation-pdf");
        const heading = t("ticketTools.export.heading", { name });
        const number = t("ticketTools.export.ticket", { id: ticket.id });
        const bytes = await buildConversationPdf({
          title: `${heading} - ${number}`,
          messages,
          formatTime: (iso) => time.format(new Date(iso)),
          labels: {
            heading,
            ticket: number,
            exportedAt: t("ticketTools.export.exportedAt", { date: time.format(new Date()) }),
            count: t("ticketTools.export.count", { count: messages.length }),
            me: t("ticketTools.export.me"),
            contact: name,
            privateNote: t("ticketTools.export.privateNote"),
            deleted: t("ticketTools.export.deleted"),
            contactCard: t("ticketTools.bubble.contactCard"),
            media: (file) => t("ticketTools.export.media", { name: file }),
            page: (page, pages) => t("ticketTools.export.page", { page, pages }),
          },
        });
        if (abort.signal.aborted) return;
        downloadFile(new Blob([bytes as BlobPart], { type: "application/pdf" }), `ticket-${ticket.id}.pdf`);
        toast.success(t("ticketTools.export.done"));
        closeRef.current();
      } catch (error) {
        if (abort.signal.aborted) return;
        toastError(error);
        closeRef.current();
      }
    };
    void run();
    return () => abort.abort();
  }, [ticket.id, ticket.contact?.name, t, i18n.language]);

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };

  const progress = phase.kind === "loading" ? phase.progress : null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, (progress.loaded / progress.total) * 100) : 0;
  const status =
    phase.kind === "building"
      ? t("ticketTools.export.building")
      : t("ticketTools.export.loading", { loaded: progress?.loaded ?? 0, total: progress?.total ?? 0 });

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("ticketTools.export.title")}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <LinearProgress
            variant={phase.kind === "building" || !progress ? "indeterminate" : "determinate"}
            value={percent}
            aria-label={status}
          />
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {status}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} autoFocus>
          {t("common.cancel")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

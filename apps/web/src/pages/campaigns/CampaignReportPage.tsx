import type { CampaignDto, CampaignEventPayload } from "@inbox/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Paper,
  Typography,
} from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { isApiError } from "../../api/api-error";
import { useCampaign, useCampaignsCache } from "../../api/campaigns";
import { formatDateTimeShort } from "../../app/format-date";
import { errorMessage } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { CampaignStatusChip } from "./campaign-status";

/** Spec 3 section 9: the report reloads the campaign 5 seconds after a live update shows it finished. */
export const REPORT_REFRESH_AFTER_FINISH_MS = 5000;

/**
 * /campaign/{campaignId}/report (spec 3 section 2): the status, "delivered of valid", a progress
 * bar and cards. It follows company-{id}-campaign live, and reloads the campaign 5 s after an
 * update shows FINALIZADA (the last deliveries are written after the sender's final event).
 */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const validId = Number.isInteger(id) && id > 0;
  const campaign = useCampaign(id, validId);
  const cache = useCampaignsCache();
  const [deleted, setDeleted] = useState(false);
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refetch } = campaign;

  useEffect(
    () => () => {
      if (refresh.current) clearTimeout(refresh.current);
    },
    [],
  );

  useCompanyEvent<CampaignEventPayload>("campaign", (payload) => {
    if (payload.action === "delete") {
      if (payload.id === id) setDeleted(true);
      return;
    }
    if (payload.record.id !== id) return;
    cache.updated(payload.record);
    if (payload.record.status === "FINALIZADA") {
      if (refresh.current) clearTimeout(refresh.current);
      refresh.current = setTimeout(() => {
        refresh.current = null;
        void refetch();
      }, REPORT_REFRESH_AFTER_FINISH_MS);
    }
  });

  const notFound =
    !validId || deleted || (campaign.isError && isApiError(campaign.error) && campaign.error.status === 404);
  return (
    <>
      <PageHeader
        title={t("campaigns.report.title", { name: campaign.data && !notFound ? campaign.data.name : "" })}
        actions={
          <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />}>
            {t("campaigns.report.back")}
          </Button>
        }
      />
      {notFound ? (
        <EmptyState message={t("campaigns.report.notFound")} />
      ) : campaign.isPending ? (
        <LoadingState />
      ) : campaign.isError ? (
        <Alert severity="error">{errorMessage(campaign.error)}</Alert>
      ) : (
        <ReportView campaign={campaign.data} />
      )}
    </>
  );
}

function ReportView({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation();
  const { report } = campaign;
  const progress = report.valid > 0 ? Math.min(100, Math.round((report.delivered / report.valid) * 100)) : 0;
  const audience =
    campaign.contactList?.name ??
    (campaign.tagList ? t("campaigns.tagAudience", { name: campaign.tagList.name }) : "—");
  const cards: { label: string; value: string | number }[] = [
    { label: t("campaigns.report.contacts"), value: report.contacts },
    { label: t("campaigns.report.valid"), value: report.valid },
    { label: t("campaigns.report.deliveredCard"), value: report.delivered },
    { label: t("campaigns.report.failed"), value: report.failed },
    { label: t("campaigns.report.confirmationRequested"), value: report.confirmationRequested },
    { label: t("campaigns.report.confirmed"), value: report.confirmed },
    {
      label: t("campaigns.report.scheduledAt"),
      value: formatDateTimeShort(campaign.scheduledAt) || t("campaigns.notScheduled"),
    },
    {
      label: t("campaigns.report.completedAt"),
      value: formatDateTimeShort(campaign.completedAt) || t("campaigns.notCompleted"),
    },
    { label: t("campaigns.report.whatsapp"), value: campaign.whatsapp?.name ?? "—" },
    { label: t("campaigns.report.contactList"), value: audience },
  ];
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 1 }}>
          <CampaignStatusChip status={campaign.status} />
          <Typography variant="h6" component="p" data-testid="campaign-delivered">
            {t("campaigns.report.delivered", { delivered: report.delivered, valid: report.valid })}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t("campaigns.report.progress")}
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Paper>
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined" role="group" aria-label={card.label}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p">
                  {card.value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

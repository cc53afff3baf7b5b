import type { CampaignStatus } from "@inbox/shared";
import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Each status's chip colour: running is the one to watch, cancelled a warning, finished done. */
const STATUS_COLORS: Record<CampaignStatus, ChipProps["color"]> = {
  INATIVA: "default",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "primary",
  CANCELADA: "warning",
  FINALIZADA: "success",
};

/** A campaign's status as the spec shows it (Inativa, Programada, Em Andamento, Cancelada, Finalizada). */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`campaigns.status.${status}`)} />;
}

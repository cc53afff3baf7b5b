import type { PlanDto } from "@inbox/shared";
import type { PlanRow } from "./repo.js";

export function presentPlan(row: PlanRow): PlanDto {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    amount: row.amount,
    isPublic: row.isPublic,
    useWhatsapp: row.useWhatsapp,
    useFacebook: row.useFacebook,
    useInstagram: row.useInstagram,
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import {
  CAMPAIGN_OPEN_TICKET,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TICKET_STATUSES,
  type CampaignDto,
  type CampaignOpenTicket,
  type CampaignStatus,
  type CampaignTicketStatus,
  isCampaignEditable,
} from "@inbox/shared";
import type { CampaignCounts, CampaignView } from "./repo.js";

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

const EMPTY: CampaignCounts = {
  contacts: 0,
  valid: 0,
  delivered: 0,
  failed: 0,
  confirmationRequested: 0,
  confirmed: 0,
};

/** A campaign as the API answers it; `editable` is the spec's rule read at `now`. */
export function presentCampaign(
  row: CampaignView,
  counts: CampaignCounts | undefined,
  now: Date,
): CampaignDto {
  const status = oneOf<CampaignStatus>(CAMPAIGN_STATUSES, row.status, "INATIVA");
  const ref = (id: number | null, name: string | null) =>
    id !== null && name !== null ? { id, name } : null;
  return {
    id: row.id,
    name: row.name,
    status,
    confirmation: row.confirmation,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    contactListId: row.contactListId,
    contactList: ref(row.contactListId, row.contactListName),
    tagListId: row.tagListId,
    tagList: ref(row.tagListId, row.tagListName),
    whatsappId: row.whatsappId,
    whatsapp:
      row.whatsappId !== null && row.whatsappName !== null
        ? { id: row.whatsappId, name: row.whatsappName, channel: row.whatsappChannel ?? "whatsapp" }
        : null,
    userId: row.userId,
    user: ref(row.userId, row.userName),
    queueId: row.queueId,
    queue: ref(row.queueId, row.queueName),
    statusTicket: oneOf<CampaignTicketStatus>(CAMPAIGN_TICKET_STATUSES, row.statusTicket, "closed"),
    openTicket: oneOf<CampaignOpenTicket>(CAMPAIGN_OPEN_TICKET, row.openTicket, "disabled"),
    templates: (row.templates ?? []).map((template) =>
      template
        ? {
            name: template.name,
            language: template.language,
            variables: template.variables ?? [],
            body: template.body ?? "",
          }
        : null,
    ),
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    companyId: row.companyId,
    editable: isCampaignEditable({ status, scheduledAt: row.scheduledAt }, now),
    report: counts ?? EMPTY,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

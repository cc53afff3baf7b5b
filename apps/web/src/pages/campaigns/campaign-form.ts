import {
  CAMPAIGN_AUDIENCE_REQUIRED,
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_INVALID_DATE,
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_NO_TAG,
  CAMPAIGN_TEMPLATE_REQUIRED,
  type CampaignDto,
  type CampaignFormValues,
} from "@inbox/shared";
import { useTranslation } from "react-i18next";

/** The shared schema's messages (the spec's English and our audience/date wording) as i18n keys. */
type ValidationKey =
  `campaigns.validation.${"required" | "tooShort" | "tooLong" | "audience" | "invalidDate" | "template"}`;
export const CAMPAIGN_MESSAGE_KEYS: Partial<Record<string, ValidationKey>> = {
  Required: "campaigns.validation.required",
  "Too Short!": "campaigns.validation.tooShort",
  "Too Long!": "campaigns.validation.tooLong",
  [CAMPAIGN_AUDIENCE_REQUIRED]: "campaigns.validation.audience",
  [CAMPAIGN_INVALID_DATE]: "campaigns.validation.invalidDate",
  [CAMPAIGN_TEMPLATE_REQUIRED]: "campaigns.validation.template",
};

/** A schema message as the user reads it (translated when it is one of the known ones). */
export function useCampaignValidationMessage() {
  const { t } = useTranslation();
  return (text: string | undefined): string | undefined => {
    if (!text) return undefined;
    const key = CAMPAIGN_MESSAGE_KEYS[text];
    return key ? t(key) : text;
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a datetime-local value (YYYY-MM-DDTHH:mm) in the browser's clock; "" for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The dialog's starting values: the campaign's, or the spec's defaults for a new one. */
export function initialCampaignValues(campaign: CampaignDto | null): CampaignFormValues {
  const values: CampaignFormValues = {
    name: campaign?.name ?? "",
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: toLocalInput(campaign?.scheduledAt ?? null),
    contactListId: campaign?.contactListId ?? null,
    tagListId: campaign?.tagListId ?? CAMPAIGN_NO_TAG,
    whatsappId: campaign?.whatsappId ?? (undefined as unknown as number),
    userId: campaign?.userId ?? null,
    queueId: campaign?.queueId ?? null,
    statusTicket: campaign?.statusTicket ?? "closed",
    openTicket: campaign?.openTicket ?? "disabled",
    templates: campaign?.templates ?? [],
  };
  for (const field of [...CAMPAIGN_MESSAGE_FIELDS, ...CAMPAIGN_CONFIRMATION_FIELDS])
    values[field] = campaign?.[field] ?? "";
  return values;
}

/**
 * The body the API gets (spec 3 section 5): scheduledAt as "YYYY-MM-DD HH:mm:ss" in the company's
 * time (the server reads a time without an offset so), or the campaign's own instant when the
 * field was not touched (no round trip through the browser's clock), or null when empty. The
 * slots' templates go only with a Cloud API connection (empty slots after the last one dropped).
 */
export function campaignBody(
  values: CampaignFormValues,
  campaign: CampaignDto | null,
  /** A whatsappapi connection: the templates are sent; otherwise none. */
  cloud = false,
): CampaignFormValues {
  const typed = typeof values.scheduledAt === "string" ? values.scheduledAt : "";
  let scheduledAt: string | null = null;
  if (typed && campaign?.scheduledAt && typed === toLocalInput(campaign.scheduledAt))
    scheduledAt = campaign.scheduledAt;
  else if (typed) scheduledAt = `${typed.replace("T", " ")}${typed.length === 16 ? ":00" : ""}`;
  const openTicket = values.openTicket === "enabled";
  return {
    ...values,
    scheduledAt,
    userId: openTicket ? (values.userId ?? null) : null,
    queueId: openTicket ? (values.queueId ?? null) : null,
    templates: cloud ? slotTemplates(values.templates) : [],
  };
}

/** The slots' templates as the API takes them: one entry per slot up to the last filled one. */
function slotTemplates(
  templates: CampaignFormValues["templates"],
): NonNullable<CampaignFormValues["templates"]> {
  const list = Array.from(templates ?? [], (template) => template ?? null);
  while (list.length > 0 && list[list.length - 1] === null) list.pop();
  return list;
}

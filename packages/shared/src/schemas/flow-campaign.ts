import { z } from "zod";
import { dbId, looseBoolean, MAX_DB_INT } from "./common.js";

/**
 * Phrase campaigns (spec 3: /phrase-lists, "Flow campaign (phrase)", section 7 /flowcampaign): a
 * trigger phrase on a connection starts a chosen conversation flow. Name, flow and phrase are
 * required; the connection is optional (spec 3 section 5: "flagged but a missing one does not stop
 * saving").
 */
export const FLOW_CAMPAIGN_NAME_MAX = 100;
export const FLOW_CAMPAIGN_PHRASE_MAX = 1000;
/**
 * Phrase campaigns a company may have: GET /flowcampaign answers them whole (the page lists them
 * all), so POST /flowcampaign refuses one more (ERR_FLOW_CAMPAIGNS_LIMIT) instead of the list
 * leaving some out.
 */
export const FLOW_CAMPAIGN_LIST_MAX = 1000;

const required = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, "Required").max(max, "Too Long!");
const optionalConnection = z.preprocess(
  (value) => (value === "" || value === 0 ? null : value),
  dbId.nullable().optional(),
);

/** POST /flowcampaign. */
export const flowCampaignSchema = z.object({
  name: required(FLOW_CAMPAIGN_NAME_MAX),
  flowId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.number({ error: "Required" }).int().positive().max(MAX_DB_INT),
  ),
  whatsappId: optionalConnection,
  phrase: required(FLOW_CAMPAIGN_PHRASE_MAX),
  status: looseBoolean.optional().default(true),
});
export type FlowCampaignInput = z.infer<typeof flowCampaignSchema>;

/** PUT /flowcampaign: the same with the campaign's id (spec 3 puts it in the body). */
export const flowCampaignUpdateSchema = flowCampaignSchema.extend({ id: dbId });
export type FlowCampaignUpdate = z.infer<typeof flowCampaignUpdateSchema>;

export const flowCampaignDto = z.object({
  id: z.number(),
  name: z.string(),
  flowId: z.number(),
  whatsappId: z.number().nullable(),
  phrase: z.string(),
  status: z.boolean(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowCampaignDto = z.infer<typeof flowCampaignDto>;

/** GET /flowcampaign: `flow` (spec 3's name for the list). */
export const flowCampaignListDto = z.object({ flow: z.array(flowCampaignDto) });

/** company-{id}-flowcampaign. */
export type FlowCampaignEventPayload =
  | { action: "create" | "update"; flowCampaign: FlowCampaignDto }
  | { action: "delete"; flowCampaignId: number };

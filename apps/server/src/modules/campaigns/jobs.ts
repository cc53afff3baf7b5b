import { z } from "zod";
import type { JobDefinition, Jobs } from "../../jobs/jobs.js";
import type { CampaignRunTimer, CampaignSender } from "./sender.js";
import type { CampaignTimer } from "./service.js";

export const START_CAMPAIGN = "campaigns.start";
export const RUN_CAMPAIGN = "campaigns.run";
export const SWEEP_CAMPAIGNS = "campaigns.sweep";

const payload = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });
type CampaignPayload = z.infer<typeof payload>;

/** A campaign at its scheduledAt: PROGRAMADA -> EM_ANDAMENTO, then its first run. Early or repeated: nothing. */
export function startCampaignJob(sender: CampaignSender): JobDefinition<CampaignPayload> {
  return {
    name: START_CAMPAIGN,
    async handle(data) {
      const parsed = payload.safeParse(data);
      if (!parsed.success) return;
      if (await sender.start(parsed.data.companyId, parsed.data.campaignId))
        await sender.run(parsed.data.companyId, parsed.data.campaignId);
    },
  };
}

/** One run of a running campaign: the messages due now, then the next run at the next due time. */
export function runCampaignJob(sender: CampaignSender): JobDefinition<CampaignPayload> {
  return {
    name: RUN_CAMPAIGN,
    async handle(data) {
      const parsed = payload.safeParse(data);
      if (!parsed.success) return;
      await sender.run(parsed.data.companyId, parsed.data.campaignId);
    },
  };
}

/** Every minute: campaigns due to start (a lost or never-set job) and running ones (a run lost with a process). */
export function sweepCampaignsJob(sender: CampaignSender): JobDefinition {
  return {
    name: SWEEP_CAMPAIGNS,
    cron: "* * * * *",
    async handle() {
      await sender.sweep(500);
    },
  };
}

/** Queues the campaign jobs once jobs run; before that (or with jobs off) the minute sweep covers them. */
export class CampaignJobTimer implements CampaignTimer, CampaignRunTimer {
  private jobs?: Jobs;

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  async startAt(companyId: number, campaignId: number, at: Date): Promise<void> {
    await this.jobs?.send(START_CAMPAIGN, { companyId, campaignId }, { startAfter: at });
  }

  async kick(companyId: number, campaignId: number): Promise<void> {
    await this.jobs?.send(RUN_CAMPAIGN, { companyId, campaignId });
  }

  /**
   * The next run. The singleton key (campaign and second) keeps one queued run per due time, so a
   * second process's run does not double the chain; the runs themselves serialise on the row lock.
   */
  async runAt(companyId: number, campaignId: number, at: Date): Promise<void> {
    await this.jobs?.send(
      RUN_CAMPAIGN,
      { companyId, campaignId },
      { startAfter: at, singletonKey: `${campaignId}:${Math.floor(at.getTime() / 1000)}` },
    );
  }
}

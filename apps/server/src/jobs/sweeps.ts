import type { OutboundService } from "../modules/messages/outbound-service.js";
import type { WebhooksService } from "../modules/webhooks/service.js";
import type { JobDefinition } from "./jobs.js";

export const SWEEP_WEBHOOKS = "webhooks.sweep";
export const SWEEP_OUTBOUND = "messages.sweep-unsent";

/** Every minute: webhook deliveries a crash or a failure left unprocessed. */
export function sweepWebhooksJob(webhooks: WebhooksService): JobDefinition {
  return {
    name: SWEEP_WEBHOOKS,
    cron: "* * * * *",
    async handle() {
      await webhooks.sweep(30_000);
    },
  };
}

/** Every minute: outbound messages still without a provider id (crash, retryable provider error). */
export function sweepOutboundJob(outbound: OutboundService): JobDefinition {
  return {
    name: SWEEP_OUTBOUND,
    cron: "* * * * *",
    async handle() {
      await outbound.sweep(30);
    },
  };
}

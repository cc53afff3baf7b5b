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
      // A backlog (overload, a long outage) is worked through in pages, within the minute.
      const deadline = Date.now() + 50_000;
      const page = 500;
      while ((await webhooks.sweep(30_000, page)) === page && Date.now() < deadline) {}
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

import { startFlow } from "./flow-machine.js";
import type { BotEvent, BotState, Decision, World } from "./machine-types.js";

/**
 * Who holds a conversation besides the queue menus (pure, like machine.ts): an integration or an
 * AI prompt that took it (stage integration; each contact message goes to it through the
 * hand-over outbox, handover.ts), and a connection's prompt taking a new conversation.
 */

/** A ticket an integration or a prompt holds: each message goes to it; timers are not its. */
export function heldDecision(state: BotState, event: BotEvent): Decision | null {
  if (state.stage !== "integration" || !state.integration) return null;
  if (event.type !== "message") return { state, actions: [] };
  const { id, kind } = state.integration;
  return {
    state,
    actions: [
      { type: "handOver", integrationId: id, messageId: event.id ?? null, ...(kind ? { target: kind } : {}) },
    ],
  };
}

/**
 * A new conversation (the ticket's first message, no queue chosen, no flow started, not while the
 * LGPD consent is pending) goes to the connection's integration, else to its AI prompt
 * (docs/INTEGRATIONS.md); otherwise the queue menus answer.
 */
export function takeoverDecision(state: BotState, event: BotEvent, world: World): Decision | null {
  const { integrationId, promptId } = world.connection;
  if ((!integrationId && !promptId) || event.type !== "message" || state.stage !== "new") return null;
  if (world.ticket.queueId !== null) return null;
  const { lgpd } = world.settings;
  if (lgpd.enabled && lgpd.consent && !world.contact.lgpdAcceptedAt) return null;
  const messageId = event.id ?? null;
  if (integrationId) return handTo(state, integrationId, world, messageId);
  const { timer: _timer, ...rest } = state;
  return {
    state: { ...rest, stage: "integration", integration: { id: promptId as number, kind: "prompt" } },
    actions: [{ type: "handOver", integrationId: promptId as number, messageId, target: "prompt" }],
  };
}

/**
 * The conversation goes to an integration (a chatbot option, a queue's, the connection's): a
 * flowbuilder one starts its flow instead; none leaves the bot done.
 */
export function handTo(
  state: BotState,
  integrationId: number | null,
  world: World,
  messageId: number | null,
): Decision {
  const flow = integrationId !== null ? world.flows?.byIntegration.get(integrationId) : undefined;
  if (flow) {
    const event = { type: "message" as const, body: "", ...(messageId ? { id: messageId } : {}) };
    return startFlow(state, flow, world, event);
  }
  const { timer: _timer, ...rest } = state;
  if (integrationId === null) return { state: { ...rest, stage: "done" }, actions: [] };
  return {
    state: { ...rest, stage: "integration", integration: { id: integrationId } },
    actions: [{ type: "handOver", integrationId, messageId }],
  };
}

import { advanceFlow, type FlowAdvance, type FlowInput, flowConditionValues, foldText } from "@inbox/shared";
import type { BotAction, BotEvent, BotState, Decision, FlowRef, World } from "./machine-types.js";

/**
 * Flows in the automatic conversation (issue 13, "Flow runtime"; docs/FLOWS.md): when a flow
 * starts, and what a contact's message or a timer does to a ticket walking one. The walk itself
 * is the shared interpreter (@inbox/shared flow-interpreter.ts); this turns its result into the
 * machine's state and actions. Pure, like machine.ts.
 *
 * When a flow starts, on a ticket the bot may speak on and that is not walking one:
 * - the ticket's first message (stage new, no queue chosen, no LGPD question pending): the
 *   connection's welcome flow (flowIdWelcome) for a contact writing for the first time; else the
 *   flow of the first of the connection's active phrase campaigns whose phrase the message holds
 *   (whole words, case and accents aside); else the connection's flowIdNotPhrase flow;
 * - later messages of a ticket the bot has finished with (stage done or stopped): a phrase
 *   campaign's flow, as above;
 * - a chatbot option of type integration whose integration is a flowbuilder one (machine.ts).
 * Otherwise the queue menus of machine.ts answer. Inactive flows never start.
 */

/** Messages and timers of a ticket walking a flow, or a flow starting; null: not the flows' turn. */
export function flowDecision(state: BotState, event: BotEvent, world: World): Decision | null {
  const flows = world.flows;
  if (!flows) return null;
  if (state.flow) {
    let input: FlowInput;
    if (event.type === "message") input = { kind: "answer", text: event.body };
    else if (event.type === "timer" && event.kind === "flow") input = { kind: "timer" };
    else return null;
    const ref = flows.current;
    if (!ref || ref.flowId !== state.flow.flowId || ref.version !== state.flow.version) {
      // The flow was deleted since: the walk ends, the ticket waits for a person.
      const { flow: _flow, timer: _timer, ...rest } = state;
      return { state: { ...rest, stage: "done" }, actions: [] };
    }
    const { timer: _timer, ...rest } = state;
    return applyAdvance(
      rest,
      ref,
      advanceFlow(ref.graph, state.flow.position, input, environment(world, event)),
      world,
      event,
    );
  }
  if (event.type !== "message") return null;
  const ref = flowToStart(state, event.body, world);
  return ref ? startFlow(state, ref, world, event) : null;
}

function flowToStart(state: BotState, body: string, world: World): FlowRef | null {
  const flows = world.flows;
  if (!flows) return null;
  const phrase = flows.phrases.find((candidate) => holdsPhrase(body, candidate.phrase))?.flow ?? null;
  if (state.stage === "done" || state.stage === "stopped") return phrase;
  if (state.stage !== "new" || world.ticket.queueId !== null) return null;
  const { lgpd } = world.settings;
  if (lgpd.enabled && lgpd.consent && !world.contact.lgpdAcceptedAt) return null;
  if (flows.isNewContact && flows.welcome) return flows.welcome;
  return phrase ?? flows.notPhrase;
}

/** The message holds the phrase as whole words, case and accents aside. */
export function holdsPhrase(message: string, phrase: string): boolean {
  const words = (text: string) =>
    foldText(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const wanted = words(phrase);
  const said = words(message);
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= said.length; start += 1)
    if (wanted.every((word, index) => said[start + index] === word)) return true;
  return false;
}

/** The ticket starts walking the flow: its start node and on, until it waits or ends. */
export function startFlow(state: BotState, ref: FlowRef, world: World, event?: BotEvent): Decision {
  const { timer: _timer, flow: _flow, ...rest } = state;
  const advance = advanceFlow(ref.graph, null, { kind: "start" }, environment(world, event));
  return applyAdvance(rest, ref, advance, world, event, true);
}

function environment(world: World, event?: BotEvent) {
  const lastMessage = event?.type === "message" ? event.body : "";
  const contact = world.flows?.contact ?? { name: "", number: "", email: "" };
  return { value: flowConditionValues(lastMessage, contact), random: world.flows?.random ?? Math.random };
}

function applyAdvance(
  state: BotState,
  ref: FlowRef,
  advance: FlowAdvance,
  world: World,
  event: BotEvent | undefined,
  started = false,
): Decision {
  const actions: BotAction[] = [];
  const next: BotState = { ...state };
  actions.push({
    type: "flowLog",
    flowId: ref.flowId,
    version: ref.version,
    started,
    visited: advance.visited,
    ended: advance.ended,
  });
  for (const action of advance.actions) {
    switch (action.type) {
      case "text":
        if (action.body.trim()) actions.push({ type: "send", body: action.body });
        break;
      case "media":
        actions.push({
          type: "sendFlowMedia",
          flowId: ref.flowId,
          media: action.media,
          name: action.name,
          ...(action.filename ? { filename: action.filename } : {}),
          ...(action.record ? { record: true } : {}),
        });
        break;
      case "wait":
        next.timer = {
          kind: "flow",
          at: new Date(world.now.getTime() + action.seconds * 1000).toISOString(),
        };
        break;
      case "ticket":
        actions.push({ type: "enterQueue", queueId: action.queueId });
        if (action.userId) actions.push({ type: "assign", userId: action.userId });
        break;
      case "integration":
        actions.push({
          type: "handOver",
          integrationId: action.integrationId,
          messageId: event?.type === "message" ? (event.id ?? null) : null,
        });
        break;
    }
  }
  if (advance.position) {
    next.stage = "flow";
    next.flow = { flowId: ref.flowId, version: ref.version, position: advance.position };
  } else if (advance.ended === "handoff") {
    // The integration node: the conversation is the integration's now (handover.ts).
    const handed = advance.actions.find((action) => action.type === "integration");
    delete next.flow;
    next.stage = "integration";
    if (handed?.type === "integration") next.integration = { id: handed.integrationId };
  } else {
    next.stage = "done";
    delete next.flow;
  }
  return { state: next, actions };
}

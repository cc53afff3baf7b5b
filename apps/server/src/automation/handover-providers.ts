import { foldText } from "@inbox/shared";
import type { queueIntegrations } from "../db/schema/index.js";
import type { DialogflowClient } from "../integrations/dialogflow.js";
import type { GeminiClient } from "../integrations/gemini.js";
import { failure, type ProviderResult, success } from "../integrations/result.js";
import type { ConversationTurn } from "../integrations/turns.js";
import type { TypebotClient, TypebotTurn } from "../integrations/typebot.js";
import type { WebhookClient } from "../integrations/webhook.js";

/**
 * One hand-over step per integration type (automation/handover.ts calls it outside any
 * transaction): what the contact said goes to the integration, and what it answers comes back as
 * texts to send. `finished`: the integration gives the conversation back (the ticket waits for a
 * person). The typebot's session travels in and out, kept in the ticket's automation state.
 */

export type IntegrationRow = typeof queueIntegrations.$inferSelect;

export interface HandoverClients {
  webhook: WebhookClient;
  typebot: TypebotClient;
  gemini: GeminiClient;
  dialogflow: DialogflowClient;
}

export interface TypebotSession {
  id: string;
  /** When the session last moved (ISO): typebotExpires minutes after it, a new one starts. */
  at: string;
}

export interface HandoverInput {
  integration: IntegrationRow;
  /** The contact's message handed over (null: the hand-over itself, before the contact writes again). */
  message: { id: number; body: string; mediaType: string | null; createdAt: Date } | null;
  contact: { id: number; name: string; number: string; email: string };
  ticket: {
    id: number;
    uuid: string;
    status: string;
    queueId: number | null;
    whatsappId: number | null;
    companyId: number;
  };
  /** The ticket's last messages, oldest first (AI context). */
  conversation: () => Promise<ConversationTurn[]>;
  session: TypebotSession | null;
  deliveryKey: string;
  now: Date;
}

export interface HandoverReply {
  texts: string[];
  finished: boolean;
  session: TypebotSession | null;
  /** Milliseconds between the texts as the contact receives them (Typebot's typebotDelayMessage). */
  spacingMs?: number;
}

export async function handOverStep(
  clients: HandoverClients,
  input: HandoverInput,
): Promise<ProviderResult<HandoverReply>> {
  const { integration } = input;
  switch (integration.type) {
    case "webhook":
    case "n8n":
      return webhookStep(clients.webhook, input, integration.type);
    case "typebot":
      return typebotStep(clients.typebot, input);
    case "gemini":
      return geminiStep(clients.gemini, input);
    case "dialogflow":
      return dialogflowStep(clients.dialogflow, input);
    default:
      return failure(`${integration.type}: this integration type does not take conversations here`, false);
  }
}

async function webhookStep(
  client: WebhookClient,
  input: HandoverInput,
  type: "webhook" | "n8n",
): Promise<ProviderResult<HandoverReply>> {
  const { integration, message } = input;
  if (!integration.urlN8N.trim()) return failure(`${type}: no URL configured`, false);
  const sent = await client.send({
    url: integration.urlN8N,
    secret: integration.webhookSecret,
    webhookType: type,
    message: {
      id: message?.id ?? 0,
      body: message?.body ?? "",
      fromMe: false,
      mediaType: message?.mediaType ?? null,
      // Never a file address: the receiver asks the API for media it needs.
      mediaUrl: null,
      createdAt: (message?.createdAt ?? input.now).toISOString(),
    },
    contact: input.contact,
    ticket: input.ticket,
    deliveryId: input.deliveryKey,
  });
  if (!sent.ok) return sent;
  // A media address the receiver names is passed on as text: it is never fetched by us.
  const texts = sent.value.messages.map((m) => [m.text, m.mediaUrl].filter(Boolean).join("\n"));
  return success({ texts, finished: sent.value.finished, session: null });
}

async function typebotStep(
  client: TypebotClient,
  input: HandoverInput,
): Promise<ProviderResult<HandoverReply>> {
  const { integration, message, now } = input;
  const said = message?.body.trim() ?? "";
  const folded = foldText(said);
  if (integration.typebotKeywordFinish.trim() && folded === foldText(integration.typebotKeywordFinish))
    return success({ texts: [], finished: true, session: null });
  let session = input.session;
  const expired =
    session !== null &&
    integration.typebotExpires > 0 &&
    now.getTime() - new Date(session.at).getTime() > integration.typebotExpires * 60_000;
  const texts: string[] = [];
  if (integration.typebotKeywordRestart.trim() && folded === foldText(integration.typebotKeywordRestart)) {
    session = null;
    if (integration.typebotRestartMessage.trim()) texts.push(integration.typebotRestartMessage);
  } else if (expired) session = null;
  const common = { serverUrl: integration.urlN8N || null };
  let turn: ProviderResult<TypebotTurn>;
  if (session) turn = await client.next({ ...common, sessionId: session.id, message: said });
  else
    turn = await client.start({
      ...common,
      slug: integration.typebotSlug,
      ...(said && !texts.length ? { message: said } : {}),
      prefilledVariables: {
        number: input.contact.number,
        pushName: input.contact.name,
        name: input.contact.name,
      },
    });
  if (!turn.ok) return turn;
  for (const item of turn.value.messages) texts.push(item.type === "text" ? item.text : item.url);
  // An answer the bot did not take (no new messages while it waits for a choice): the unknown-input message.
  const expectsChoice = turn.value.input?.type === "choice input" && turn.value.input.options.length > 0;
  if (
    session &&
    turn.value.messages.length === 0 &&
    expectsChoice &&
    integration.typebotUnknownMessage.trim()
  )
    texts.push(integration.typebotUnknownMessage);
  return success({
    texts,
    spacingMs: Math.max(0, integration.typebotDelayMessage),
    finished: turn.value.input === null,
    session: turn.value.input === null ? null : { id: turn.value.sessionId, at: now.toISOString() },
  });
}

async function geminiStep(
  client: GeminiClient,
  input: HandoverInput,
): Promise<ProviderResult<HandoverReply>> {
  const { integration } = input;
  if (!integration.geminiApiKey) return failure("gemini: no API key configured", false);
  const answer = await client.reply({
    apiKey: integration.geminiApiKey,
    systemPrompt: integration.geminiPrompt,
    conversation: await input.conversation(),
    maxOutputTokens: integration.geminiMaxTokens,
    temperature: integration.geminiTemperature,
    maxMessages: integration.geminiMaxMessages,
  });
  if (!answer.ok) return answer;
  return success({ texts: answer.value.text ? [answer.value.text] : [], finished: false, session: null });
}

async function dialogflowStep(
  client: DialogflowClient,
  input: HandoverInput,
): Promise<ProviderResult<HandoverReply>> {
  const { integration, message } = input;
  if (!integration.jsonContent || !integration.projectName.trim())
    return failure("dialogflow: no project or credentials configured", false);
  const text = message?.body.trim() ?? "";
  if (!text) return success({ texts: [], finished: false, session: null });
  const answer = await client.detectIntent({
    projectName: integration.projectName,
    jsonContent: integration.jsonContent,
    languageCode: integration.language || "pt-BR",
    // One Dialogflow session per ticket: its contexts follow the conversation.
    sessionId: input.ticket.uuid,
    text,
  });
  if (!answer.ok) return answer;
  return success({ texts: answer.value.messages, finished: answer.value.endInteraction, session: null });
}

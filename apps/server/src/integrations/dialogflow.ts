import { createHash } from "node:crypto";
import dialogflow, { type protos } from "@google-cloud/dialogflow";
import { failure, type ProviderFailure, type ProviderResult, retryableStatus, success } from "./result.js";

/**
 * Dialogflow ES integrations (spec 3: projectName, jsonContent, language) through Google's official
 * client, @google-cloud/dialogflow: `SessionsClient.detectIntent`. It runs over its HTTP/1 REST
 * transport (google-gax `fallback: true`), so DIALOGFLOW_BASE_URL can name any host, port and
 * protocol (a local fake of `POST /v2/projects/{p}/agent/sessions/{s}:detectIntent` in tests).
 * The service-account key signs its own JWT bearer (google-auth-library's self-signed JWT): no
 * token exchange with Google's OAuth server. gax's own retries are off: the caller decides.
 */
export interface DialogflowCredentials {
  client_email: string;
  private_key: string;
  project_id?: string;
}

export interface DialogflowInput {
  /** projectName: the agent's Google Cloud project id. */
  projectName: string;
  /** jsonContent: the service account's JSON key, as stored. */
  jsonContent: string;
  /** language, e.g. "pt-BR". */
  languageCode: string;
  /** One conversation (the ticket): Dialogflow keeps its contexts per session. */
  sessionId: string;
  text: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface DialogflowReply {
  /** The fulfillment texts in order (fulfillmentText when the agent gave no messages). */
  messages: string[];
  intent: string | null;
  confidence: number;
  action: string | null;
  /** The matched intent ends the conversation: the integration gives it back. */
  endInteraction: boolean;
}

/** The JSON key's fields the client needs, or null when it is not a service-account key. */
export function parseDialogflowCredentials(jsonContent: string): DialogflowCredentials | null {
  try {
    const parsed = JSON.parse(jsonContent) as Partial<DialogflowCredentials>;
    if (typeof parsed.client_email !== "string" || typeof parsed.private_key !== "string") return null;
    if (!parsed.private_key.includes("PRIVATE KEY")) return null;
    return {
      client_email: parsed.client_email,
      private_key: parsed.private_key,
      ...(typeof parsed.project_id === "string" ? { project_id: parsed.project_id } : {}),
    };
  } catch {
    return null;
  }
}

type DetectIntentResponse = protos.google.cloud.dialogflow.v2.IDetectIntentResponse;
type CancellablePromise = Promise<[DetectIntentResponse, ...unknown[]]> & { cancel(): void };
type InnerCall = (request: unknown, options: unknown) => CancellablePromise;

/**
 * The REST transport fails with the HTTP status as `code` (a GaxiosError), decoded errors with a
 * gRPC status code; both are told apart by size.
 */
function classify(error: unknown): ProviderFailure {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // Never a credential in a reason, whatever the transport's message holds.
  const reason = `dialogflow: ${String(message ?? error)
    .replace(/Bearer\s+[\w.~+/=-]+/g, "Bearer …")
    .slice(0, 300)}`;
  if (typeof code === "number" && code >= 100) return failure(reason, retryableStatus(code), code);
  if (typeof code === "number") return failure(reason, RETRYABLE_CODES.has(code));
  // No code: the network (a refused connection, a reset) or the key failed to sign.
  const network = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket|network/i.test(
    String(message),
  );
  return failure(reason, network);
}

/** gRPC status codes worth another try: DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, INTERNAL, UNAVAILABLE, UNKNOWN. */
const RETRYABLE_CODES = new Set([2, 4, 8, 10, 13, 14]);
const MAX_CLIENTS = 50;

type SessionsClient = InstanceType<typeof dialogflow.v2.SessionsClient>;

export class DialogflowClient {
  /** One client per key (the auth client and its signing state), the most recent MAX_CLIENTS. */
  private readonly clients = new Map<string, SessionsClient>();
  private readonly endpoint: { apiEndpoint: string; port: number; protocol: string };

  constructor(private readonly defaults: { baseUrl: string; timeoutMs: number }) {
    const url = new URL(defaults.baseUrl);
    const protocol = url.protocol.replace(":", "");
    this.endpoint = {
      apiEndpoint: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
      protocol,
    };
  }

  async detectIntent(input: DialogflowInput): Promise<ProviderResult<DialogflowReply>> {
    const credentials = parseDialogflowCredentials(input.jsonContent);
    if (!credentials) return failure("dialogflow: the JSON key is not a service-account key", false);
    if (!/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/.test(input.projectName.trim()))
      return failure("dialogflow: not a Google Cloud project id", false);
    if (!input.text.trim()) return failure("dialogflow: nothing to detect", false);
    const timeoutMs = input.timeoutMs ?? this.defaults.timeoutMs;
    const client = this.clientFor(input.jsonContent, credentials);
    const session = client.projectAgentSessionPath(input.projectName.trim(), sessionIdOf(input.sessionId));
    const request = {
      session,
      queryInput: { text: { text: input.text.slice(0, 256), languageCode: input.languageCode || "pt-BR" } },
    };
    // The REST transport ignores gax's `timeout` and the public method's promise cannot be
    // cancelled, so the call goes through the client's innerApiCalls (what detectIntent itself
    // calls, with the same routing header): its promise's cancel() aborts the HTTP request.
    let timedOut = false;
    let call: CancellablePromise | undefined;
    const cancel = () => call?.cancel();
    const timer = setTimeout(() => {
      timedOut = true;
      cancel();
    }, timeoutMs);
    input.signal?.addEventListener("abort", cancel, { once: true });
    try {
      await client.initialize();
      call = (client.innerApiCalls as unknown as Record<string, InnerCall>).detectIntent?.(request, {
        maxRetries: 0,
        otherArgs: { headers: { "x-goog-request-params": `session=${encodeURIComponent(session)}` } },
      });
      if (!call) return failure("dialogflow: the client has no detectIntent", false);
      if (timedOut || input.signal?.aborted) cancel();
      const [response] = await call;
      const result = response.queryResult;
      const texts = (result?.fulfillmentMessages ?? [])
        .flatMap((m) => m.text?.text ?? [])
        .filter((t): t is string => typeof t === "string" && t.trim() !== "");
      const messages = texts.length ? texts : result?.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
      return success({
        messages,
        intent: result?.intent?.displayName || null,
        confidence: Number(result?.intentDetectionConfidence ?? 0),
        action: result?.action || null,
        endInteraction: Boolean(result?.intent?.endInteraction),
      });
    } catch (error) {
      if (timedOut) return failure(`dialogflow took over ${timeoutMs} ms`, true);
      if (input.signal?.aborted) return failure("dialogflow call cancelled", true);
      return classify(error);
    } finally {
      clearTimeout(timer);
      input.signal?.removeEventListener("abort", cancel);
    }
  }

  private clientFor(jsonContent: string, credentials: DialogflowCredentials): SessionsClient {
    const key = createHash("sha256").update(jsonContent).digest("hex");
    const cached = this.clients.get(key);
    if (cached) {
      this.clients.delete(key);
      this.clients.set(key, cached);
      return cached;
    }
    const client = new dialogflow.v2.SessionsClient({
      credentials: { client_email: credentials.client_email, private_key: credentials.private_key },
      ...this.endpoint,
      fallback: true,
    });
    this.clients.set(key, client);
    for (const [oldest, old] of this.clients) {
      if (this.clients.size <= MAX_CLIENTS) break;
      this.clients.delete(oldest);
      void old.close().catch(() => {});
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close().catch(() => {})));
    this.clients.clear();
  }
}

/** Dialogflow wants a session id of at most 36 characters: longer or odd ones are hashed. */
function sessionIdOf(id: string): string {
  return /^[\w-]{1,36}$/.test(id) ? id : createHash("sha256").update(id).digest("hex").slice(0, 36);
}

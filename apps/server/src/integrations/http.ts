import type { IncomingHttpHeaders, IncomingMessage, RequestOptions } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import ipaddr from "ipaddr.js";
import {
  isPublicAddress,
  MediaFetchError,
  MediaFetcher,
  type Resolver,
} from "../channels/meta/media-fetch.js";
import { callSignal, failure, type ProviderResult, success, thrownFailure } from "./result.js";

/**
 * The outbound HTTP of the provider clients. Two kinds of address:
 *
 * - `operator`: a base URL from the server's configuration (GEMINI_BASE_URL, OPENAI_BASE_URL...):
 *   the operator chose it, so it is called as it is (a local fake in tests).
 * - `user`: a URL a company typed (a webhook, an n8n flow, its own Typebot server). A tenant must
 *   not reach the server's own network through it, so only public addresses are connected to,
 *   checked after DNS resolution in the socket's own lookup (media-fetch.ts' checkedLookup: the
 *   address checked is the address connected to, no DNS rebinding), IP literals checked first,
 *   credentials in the URL refused and redirects never followed (a POST is not replayed
 *   elsewhere). INTEGRATIONS_ALLOW_PRIVATE_URLS lifts the address rule (tests, a private n8n).
 *
 * Every call has a time limit for the whole exchange and a size limit for the answer.
 */
export type UrlKind = "operator" | "user";

export interface HttpCall {
  url: string;
  kind: UrlKind;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** The caller's cancellation, on top of the time limit. */
  signal?: AbortSignal;
  /** Answers larger than this fail (not retryable). */
  maxBytes?: number;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OutboundHttpOptions {
  /** INTEGRATIONS_ALLOW_PRIVATE_URLS: user URLs may name private addresses. */
  allowPrivateUrls?: boolean;
  /** DNS resolution (tests inject one); the system resolver otherwise. */
  resolve?: Resolver;
}

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export class OutboundHttp {
  private readonly checker: MediaFetcher;

  constructor(private readonly options: OutboundHttpOptions = {}) {
    // Only its address-checking socket lookup is used (no allow-list: user URLs name any public host).
    this.checker = new MediaFetcher({
      allow: [],
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
  }

  /** Sends the call; any status is a value (the client judges it), only transport problems are failures. */
  async call(provider: string, call: HttpCall): Promise<ProviderResult<HttpAnswer>> {
    let url: URL;
    try {
      url = new URL(call.url);
    } catch {
      return failure(`${provider}: not a URL`, false);
    }
    const guarded = call.kind === "user" && !this.options.allowPrivateUrls;
    const refusal = this.refusal(url, call.kind, guarded);
    if (refusal) return failure(`${provider}: ${refusal}`, false);
    const signal = callSignal(call.timeoutMs, call.signal);
    try {
      const response = await send(
        url,
        call,
        signal,
        guarded ? this.checker.checkedLookup(url.host) : undefined,
      );
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.destroy();
        return failure(`${provider} answered a redirect (${status}), not followed`, false, status);
      }
      const body = await readBody(response, call.maxBytes ?? DEFAULT_MAX_BYTES);
      if (body === null) return failure(`${provider}'s answer is larger than allowed`, false, status);
      return success({ status, headers: response.headers, body });
    } catch (error) {
      if (error instanceof MediaFetchError && error.reason === "refused")
        return failure(`${provider}: ${url.host} is not a public address`, false);
      return thrownFailure(provider, error, call.timeoutMs, call.signal);
    }
  }

  private refusal(url: URL, kind: UrlKind, guarded: boolean): string | null {
    if (url.protocol !== "http:" && url.protocol !== "https:") return `${url.protocol} is not http(s)`;
    if (kind === "user" && (url.username || url.password)) return "credentials in the URL";
    if (!guarded) return null;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (ipaddr.isValid(host) && !isPublicAddress(host)) return `${url.host} is not a public address`;
    if (host === "localhost" || host.endsWith(".localhost")) return `${url.host} is not a public address`;
    return null;
  }
}

function send(
  url: URL,
  call: HttpCall,
  signal: AbortSignal,
  lookup: RequestOptions["lookup"] | undefined,
): Promise<IncomingMessage> {
  const headers: Record<string, string> = { accept: "application/json", ...call.headers };
  if (call.body !== undefined) headers["content-length"] = String(Buffer.byteLength(call.body));
  const options: RequestOptions = {
    method: call.method ?? (call.body === undefined ? "GET" : "POST"),
    headers,
    signal,
    // A fresh socket each time, so the checked lookup runs for every call.
    agent: false,
    ...(lookup ? { lookup } : {}),
  };
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, options, resolve);
    req.on("error", reject);
    req.end(call.body);
  });
}

/** The body, or null past the limit; rejects when the answer is cut or the signal fires. */
function readBody(response: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    response.destroy();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        response.destroy();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", reject);
    response.on("aborted", () => reject(new Error("the answer was cut")));
  });
}

/** The answer's JSON, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The provider's error text in the usual shapes: `{error: {message}}`, `{error: "..."}`, `{message}`. */
export function errorMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return typeof message === "string" ? message : undefined;
}

import { ProviderError } from "../types.js";
import { allowedHosts, graphHostEntry, MediaFetcher } from "./media-fetch.js";

/** Graph API errors: `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/** Codes where a later retry can succeed (rate limits, transient server errors). */
const RETRYABLE = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016]);

/** A small Graph API client: base URL and version come from configuration (META_GRAPH_URL). */
export class GraphClient {
  /** Media URLs are fetched only through it (allowed hosts, public addresses, limits). */
  private readonly media: MediaFetcher;

  constructor(
    readonly baseUrl: string,
    readonly version: string,
    private readonly timeoutMs = 15_000,
    media?: MediaFetcher,
  ) {
    this.media = media ?? new MediaFetcher({ allow: allowedHosts(undefined, [graphHostEntry(baseUrl)]) });
  }

  url(path: string): string {
    return `${this.baseUrl.replace(/\/$/, "")}/${this.version}/${path.replace(/^\//, "")}`;
  }

  async post<T>(path: string, token: string, body: unknown): Promise<T> {
    return this.request<T>(this.url(path), token, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async get<T>(path: string, token: string): Promise<T> {
    return this.request<T>(this.url(path), token, { method: "GET" });
  }

  /**
   * GET of an absolute URL Graph handed out (`paging.next`); only under the
   * configured base URL, so a token never goes anywhere else.
   */
  async getUrl<T>(url: string, token: string): Promise<T> {
    if (!url.startsWith(`${this.baseUrl.replace(/\/$/, "")}/`)) {
      throw new ProviderError(`refusing to follow a Graph URL outside ${this.baseUrl}`, undefined);
    }
    return this.request<T>(url, token, { method: "GET" });
  }

  /**
   * Downloads media from an absolute URL a payload or the Graph API named,
   * through the media fetcher (SSRF rules, the company's size limit); the
   * token goes only to that URL's origin. Throws MediaFetchError (a ProviderError).
   */
  async download(
    url: string,
    token: string | null,
    companyId?: number,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    return this.media.fetch(url, {
      ...(companyId !== undefined ? { companyId } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  private async request<T>(url: string, token: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        // An empty token sends no Authorization (the token exchange authenticates with the app's credentials).
        headers: {
          ...(init.headers as Record<string, string>),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Graph API unreachable: ${(error as Error).message}`, undefined, {
        retryable: true,
      });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (!response.ok || (body as GraphErrorBody).error) {
      const error = (body as GraphErrorBody).error ?? {};
      const code = error.code ?? response.status;
      const subcode = error.error_subcode;
      const windowClosed = code === 131047 || subcode === 2018278;
      const message = [error.message ?? `Graph API answered ${response.status}`, error.error_data?.details]
        .filter(Boolean)
        .join(": ");
      throw new ProviderError(message, code, {
        windowClosed,
        subcode,
        retryable: !windowClosed && (response.status >= 500 || RETRYABLE.has(code)),
      });
    }
    return body as T;
  }
}

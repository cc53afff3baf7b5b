import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import ipaddr from "ipaddr.js";
import { ProviderError } from "../types.js";

/**
 * The one way the server fetches a URL a payload named (Messenger and
 * Instagram attachment URLs, WhatsApp Cloud media URLs from the Graph media
 * lookup; profile pictures too when they are fetched): a tenant chooses what
 * its webhooks carry, so a URL is never trusted (issue 8 section 2).
 *
 * - Only allowed hosts: Meta's CDNs by default (`MEDIA_FETCH_ALLOW_HOSTS`).
 *   A name (`lookaside.fbsbx.com`) or a pattern (`*.fbcdn.net`, any
 *   subdomain) allows https on port 443, and only to public addresses.
 *   A `host:port` entry (`127.0.0.1:4010`, `[::1]:4010`) allows exactly that
 *   host and port, http or https, whatever its address: the operator named
 *   it (meta-sim in tests and in the demo; the Graph URL's own `host:port`
 *   is added so when META_GRAPH_URL names a port).
 * - Addresses are checked after DNS resolution, in the socket's own lookup,
 *   so the address checked is the address connected to (no DNS rebinding):
 *   loopback, private, link-local (metadata 169.254.169.254), CGNAT,
 *   unique-local, multicast, reserved... anything but public unicast
 *   (classified by ipaddr.js) is refused.
 * - Redirects are followed by hand (at most 3), each checked again; the
 *   Authorization header never follows a redirect to another origin.
 * - A size limit (the company's download limit) and a time limit for the whole fetch.
 */

/** Meta's media hosts: Messenger/Instagram CDNs, the lookaside service, WhatsApp media, the Graph API. */
export const META_MEDIA_HOSTS = [
  "*.fbcdn.net",
  "*.fbsbx.com",
  "*.cdninstagram.com",
  "*.whatsapp.net",
  "graph.facebook.com",
] as const;

export interface HostRule {
  /** Lower-case host name or IP address (IPv6 without brackets). */
  host: string;
  /** `*.host`: any subdomain of host. */
  wildcard: boolean;
  /** A `host:port` entry: exactly this port, any address (explicitly trusted). */
  port: number | null;
}

export type MediaFetchFailure = "refused" | "too-large" | "status" | "timeout" | "network";

/** A media fetch that was refused or failed; `reason` says which, the message names only the host. */
export class MediaFetchError extends ProviderError {
  constructor(
    readonly reason: MediaFetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message, status, {
      retryable: reason === "timeout" || reason === "network" || (status ?? 0) >= 500,
    });
    this.name = "MediaFetchError";
  }
}

/**
 * Parses one `MEDIA_FETCH_ALLOW_HOSTS` entry. Throws on anything else than
 * `name`, `*.name`, `IP`, `name:port`, `IP:port` or `[IPv6]:port`.
 */
export function parseHostRule(entry: string): HostRule {
  const raw = entry.trim().toLowerCase();
  const wildcard = raw.startsWith("*.");
  const rest = wildcard ? raw.slice(2) : raw;
  let host = rest;
  let port: number | null = null;
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d+))?$/.exec(rest);
  if (bracketed) {
    host = bracketed[1] as string;
    port = bracketed[2] ? Number(bracketed[2]) : null;
  } else if (!ipaddr.IPv6.isValid(rest)) {
    const withPort = /^([^:]+):(\d+)$/.exec(rest);
    if (withPort) {
      host = withPort[1] as string;
      port = Number(withPort[2]);
    }
  }
  const isIp = ipaddr.isValid(host);
  const isName = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/.test(host);
  if ((!isIp && !isName) || (port !== null && (port < 1 || port > 65535)) || (wildcard && (isIp || port))) {
    throw new Error(`not a host, *.domain or host:port: ${entry}`);
  }
  return { host: isIp ? ipaddr.parse(host).toString() : host, wildcard, port };
}

/**
 * The allowed hosts: `value` (comma-separated; the word `meta` stands for
 * Meta's hosts; unset or empty means `meta`) plus `extra` entries.
 */
export function allowedHosts(value: string | undefined, extra: string[] = []): HostRule[] {
  const entries = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const expanded = (entries.length ? entries : ["meta"]).flatMap((e) =>
    e.toLowerCase() === "meta" ? [...META_MEDIA_HOSTS] : [e],
  );
  return [...expanded, ...extra].map(parseHostRule);
}

/** The Graph base URL as an allow entry: `host:port` when it names a port (meta-sim), else its host name. */
export function graphHostEntry(graphUrl: string): string {
  const url = new URL(graphUrl);
  return url.port ? url.host : url.hostname.replace(/^\[|\]$/g, "");
}

/** Public unicast only: loopback, private, link-local, CGNAT, unique-local, reserved... are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ::ffff:10.0.0.1 is 10.0.0.1.
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

export interface MediaFetcherOptions {
  allow: HostRule[];
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Size limit when the company has none. */
  defaultMaxBytes?: number;
  /** The company's download limit in bytes (its `downloadLimit` setting), if it has one. */
  limitFor?: (companyId: number) => Promise<number | undefined>;
  /** DNS resolution (tests inject one); the system resolver otherwise. */
  resolve?: Resolver;
  /** Which resolved addresses may be connected to: public unicast (isPublicAddress) unless a test says otherwise. */
  addressAllowed?: (address: string) => boolean;
  maxRedirects?: number;
}

export interface FetchedMedia {
  bytes: Buffer;
  mimeType: string;
}

type Verdict = { ok: true; trusted: boolean } | { ok: false; why: string };

export class MediaFetcher {
  private readonly timeoutMs: number;
  private readonly defaultMaxBytes: number;
  private readonly resolve: Resolver;
  private readonly maxRedirects: number;
  private readonly addressAllowed: (address: string) => boolean;

  constructor(private readonly options: MediaFetcherOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.defaultMaxBytes = options.defaultMaxBytes ?? 64 * 1024 * 1024;
    this.resolve = options.resolve ?? systemResolver;
    this.maxRedirects = options.maxRedirects ?? 3;
    this.addressAllowed = options.addressAllowed ?? isPublicAddress;
  }

  /** Is this URL one we may fetch (before any address check)? */
  check(url: URL): Verdict {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return { ok: false, why: `${url.protocol} is not http(s)` };
    if (url.username || url.password) return { ok: false, why: "credentials in the URL" };
    const host = hostOf(url);
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    for (const rule of this.options.allow) {
      if (rule.port !== null) {
        if (rule.host === host && rule.port === port) return { ok: true, trusted: true };
        continue;
      }
      const named = rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
      if (named && url.protocol === "https:" && port === 443) return { ok: true, trusted: false };
    }
    return { ok: false, why: `${url.host} is not an allowed host` };
  }

  /**
   * GETs `rawUrl` under the rules above. `headers` (e.g. a Graph token) go
   * only to the first URL's origin. Throws MediaFetchError.
   */
  async fetch(
    rawUrl: string,
    options: { companyId?: number; headers?: Record<string, string> } = {},
  ): Promise<FetchedMedia> {
    const limit =
      (options.companyId !== undefined ? await this.options.limitFor?.(options.companyId) : undefined) ??
      this.defaultMaxBytes;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let url = parseUrl(rawUrl);
      const origin = url.origin;
      for (let hop = 0; ; hop++) {
        const headers = url.origin === origin ? (options.headers ?? {}) : {};
        const response = await this.get(url, headers, controller.signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy();
          if (hop >= this.maxRedirects)
            throw new MediaFetchError("refused", `more than ${this.maxRedirects} redirects`);
          url = parseUrl(response.headers.location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new MediaFetchError("status", `media download answered ${status}`, status);
        }
        const bytes = await readBody(response, limit);
        const mimeType = response.headers["content-type"] ?? "application/octet-stream";
        return { bytes, mimeType };
      }
    } catch (error) {
      if (error instanceof MediaFetchError) throw error;
      if (controller.signal.aborted)
        throw new MediaFetchError("timeout", `media download took over ${this.timeoutMs} ms`);
      throw new MediaFetchError("network", `media download failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async get(
    url: URL,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const verdict = this.check(url);
    if (!verdict.ok) throw new MediaFetchError("refused", `media fetch refused: ${verdict.why}`);
    const host = hostOf(url);
    if (!verdict.trusted && ipaddr.isValid(host) && !this.addressAllowed(host))
      throw new MediaFetchError("refused", `media fetch refused: ${url.host} is not a public address`);
    const init: RequestOptions = {
      method: "GET",
      headers: { accept: "*/*", ...headers },
      signal,
      agent: false,
      // A name is resolved here and checked before the socket connects to what was checked.
      ...(verdict.trusted ? {} : { lookup: this.checkedLookup(url.host) }),
    };
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, init, resolve);
      req.on("error", reject);
      req.end();
    });
  }

  /** A `lookup` for the socket: resolves, refuses if any address is not public, hands the checked ones on. */
  checkedLookup(label: string): NonNullable<RequestOptions["lookup"]> {
    return ((hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
      this.resolve(hostname).then(
        (found) => {
          const addresses = found.filter((a) => !options.family || a.family === options.family);
          const bad = addresses.find((a) => !this.addressAllowed(a.address));
          if (addresses.length === 0) return callback(new Error(`${label} did not resolve`), "", 0);
          if (bad)
            return callback(
              new MediaFetchError(
                "refused",
                `media fetch refused: ${label} resolves to a non-public address`,
              ),
              "",
              0,
            );
          if (options.all) return (callback as unknown as AllCallback)(null, addresses);
          const [first] = addresses as [LookupAddress];
          callback(null, first.address, first.family);
        },
        (err: Error) => callback(err, "", 0),
      );
    }) as unknown as NonNullable<RequestOptions["lookup"]>;
  }
}

type LookupCallback = (err: Error | null, address: string, family: number) => void;
type AllCallback = (err: Error | null, addresses: LookupAddress[]) => void;

function hostOf(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return ipaddr.isValid(host) ? ipaddr.parse(host).toString() : host;
}

function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new MediaFetchError("refused", "media fetch refused: not a URL");
  }
}

function readBody(response: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    response.destroy();
    return Promise.reject(new MediaFetchError("too-large", `media is larger than ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new MediaFetchError("too-large", `media is larger than ${limit} bytes`));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", reject);
    response.on("aborted", () => reject(new Error("the response was cut")));
  });
}

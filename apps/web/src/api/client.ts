import { type ApiErrorBody, type LoginResponse, PLAN_FLAG_ERROR_CODES } from "@inbox/shared";
import { ApiError } from "./api-error";
import { clearToken, getToken, setToken } from "./token-storage";

/**
 * The one HTTP client of the app. Same origin, bearer token from storage,
 * cookies included (the refresh token is an httpOnly cookie).
 *
 * - 403 from a protected route: refresh the session once (concurrent 403s
 *   share one refresh) and retry the request once; not for a plan feature's
 *   code (ERR_PLAN_NO_…), which a new token would not change.
 * - 401 from a protected route: the session is over; clear the token and
 *   hand over to the unauthorized handler (the auth context goes to /login).
 * - 402 ERR_SUBSCRIPTION_EXPIRED: the company's subscription expired; the
 *   expired handler sends the app to the open invoices (/financeiro-aberto).
 */
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

interface ClientConfig {
  baseUrl: string;
  fetch: FetchLike;
  onUnauthorized: () => void;
  /** Any answer with ERR_SUBSCRIPTION_EXPIRED (the server refuses all but what paying needs). */
  onSubscriptionExpired: () => void;
  /**
   * Any answer with a plan feature's code (ERR_PLAN_NO_…): the company's plan changed since the
   * user was loaded, so the app reads the user again (menu and plan-gated screens follow).
   */
  onPlanRefused: () => void;
}

/** Where an expired company's users are sent (spec 1 section 4). */
export const EXPIRED_SUBSCRIPTION_PATH = "/financeiro-aberto";

const REFRESH_PATH = "/auth/refresh_token";
/** Routes that do not carry a session: their 401/403 are answers, not session problems. */
const SESSIONLESS_PATHS = [
  "/auth/login",
  "/auth/signup",
  "/auth/recover-password",
  "/auth/reset-password",
  REFRESH_PATH,
];

const config: ClientConfig = {
  baseUrl: "",
  fetch: (input, init) => globalThis.fetch(input, init),
  onUnauthorized: () => {
    if (window.location.pathname !== "/login") window.location.assign("/login");
  },
  onSubscriptionExpired: () => {
    if (window.location.pathname !== EXPIRED_SUBSCRIPTION_PATH)
      window.location.assign(EXPIRED_SUBSCRIPTION_PATH);
  },
  onPlanRefused: () => {},
};

type SessionListener = (session: LoginResponse) => void;
const sessionListeners = new Set<SessionListener>();
let refreshInFlight: Promise<LoginResponse> | null = null;

export function configureApiClient(options: Partial<ClientConfig>): void {
  Object.assign(config, options);
}

/** Called with the new token and user after every successful refresh. */
export function onSessionRefreshed(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function isSessionless(path: string): boolean {
  const pathname = path.split("?")[0] ?? path;
  return SESSIONLESS_PATHS.includes(pathname);
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${config.baseUrl}${path}${search ? `?${search}` : ""}`;
}

function buildInit(options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: "application/json" });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? "GET", headers, body, credentials: "include", signal: options.signal };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (body && typeof body === "object") return new ApiError(response.status, body as Partial<ApiErrorBody>);
  return new ApiError(response.status, null, typeof body === "string" ? body : response.statusText);
}

/** Codes of a 403 that is the company's plan answering, not an expired session: no refresh helps. */
const PLAN_CODES: ReadonlySet<string> = new Set(Object.values(PLAN_FLAG_ERROR_CODES));

async function refusedByPlan(response: Response): Promise<boolean> {
  const body = await readBody(response.clone()).catch(() => undefined);
  const code = (body as { error?: unknown } | undefined)?.error;
  return typeof code === "string" && PLAN_CODES.has(code);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  try {
    return await config.fetch(buildUrl(path, options.query), buildInit(options));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : "");
  }
}

function endSession(): void {
  clearToken();
  config.onUnauthorized();
}

async function performRefresh(): Promise<LoginResponse> {
  const response = await send(REFRESH_PATH, { method: "POST" });
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 || response.status === 403) endSession();
    throw error;
  }
  const session = (await readBody(response)) as LoginResponse;
  setToken(session.token);
  for (const listener of sessionListeners) listener(session);
  return session;
}

/** Refresh the access token from the cookie; concurrent callers share one request. */
export function refreshSession(): Promise<LoginResponse> {
  if (!refreshInFlight) {
    refreshInFlight = performRefresh().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** The successful answer itself (its body unread), with the session rules of `apiRequest`. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  let response = await send(path, options);
  const protectedRoute = !isSessionless(path);
  if (response.status === 403 && protectedRoute && !(await refusedByPlan(response))) {
    await refreshSession();
    response = await send(path, options);
  }
  if (response.ok) return response;
  if (response.status === 401 && protectedRoute) endSession();
  const error = await toApiError(response);
  if (error.code === "ERR_SUBSCRIPTION_EXPIRED") config.onSubscriptionExpired();
  if (error.code && PLAN_CODES.has(error.code)) config.onPlanRefused();
  throw error;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await apiResponse(path, options))) as T;
}

/**
 * A call that carries a bearer token of its own instead of the session's (the messages API page's
 * test forms send a connection's token to POST /api/messages/send). None of the session rules of
 * `apiResponse`: a 401 there means a wrong connection token, not a finished session, so there is no
 * refresh, no logout and no plan or subscription hook; any failure is thrown as an ApiError.
 */
export async function requestWithToken<T>(
  path: string,
  token: string,
  options: RequestOptions = {},
): Promise<T> {
  const init = buildInit(options);
  (init.headers as Headers).set("Authorization", `Bearer ${token}`);
  let response: Response;
  try {
    response = await config.fetch(buildUrl(path, options.query), { ...init, credentials: "omit" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : "");
  }
  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  /** A body only where the route asks for one (DELETE /companies/{id}: the typed confirmation). */
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "DELETE", body }),
};

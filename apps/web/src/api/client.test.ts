import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { apiRequest, configureApiClient, onSessionRefreshed } from "./client";
import { getToken, setToken } from "./token-storage";

interface RecordedCall {
  url: string;
  method: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const user = { id: 7, name: "Ana", tokenVersion: 2 };

/**
 * A small stand-in for the server: access tokens are valid only if listed,
 * the refresh cookie swaps them for a fresh one, and /users answers like the
 * real route (403 for an expired access token).
 */
function fakeServer(options: { validTokens: string[]; refreshAllowed: boolean; refreshDelayMs?: number }) {
  const calls: RecordedCall[] = [];
  let issued = 0;
  const valid = new Set(options.validTokens);
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    const authorization = headers.get("Authorization");
    calls.push({
      url,
      method: init.method ?? "GET",
      authorization,
      credentials: init.credentials,
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
    });
    if (url === "/auth/refresh_token") {
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      if (!options.refreshAllowed)
        return json(401, { error: "ERR_INVALID_REFRESH_TOKEN", message: "refused" });
      issued += 1;
      const token = `fresh-${issued}`;
      valid.add(token);
      return json(200, { token, user });
    }
    if (url === "/auth/login") return json(401, { error: "ERR_INVALID_CREDENTIALS", message: "bad" });
    const token = authorization?.replace("Bearer ", "") ?? "";
    if (!token) return json(401, { error: "ERR_SESSION_EXPIRED", message: "no token" });
    if (!valid.has(token)) return json(403, { error: "ERR_SESSION_EXPIRED", message: "expired" });
    if (url.startsWith("/users/99")) return json(403, { error: "ERR_NO_PERMISSION", message: "no" });
    if (url.startsWith("/schedules"))
      return json(403, { error: "ERR_PLAN_NO_SCHEDULES", message: "The plan does not include schedules" });
    return json(200, { users: [], count: 0, hasMore: false, url });
  };
  return { calls, fetch };
}

describe("api client", () => {
  let unauthorized: number;

  beforeEach(() => {
    unauthorized = 0;
    configureApiClient({ onUnauthorized: () => (unauthorized += 1) });
  });

  it("sends the stored bearer token with credentials included", async () => {
    const server = fakeServer({ validTokens: ["good"], refreshAllowed: true });
    configureApiClient({ fetch: server.fetch });
    setToken("good");

    await apiRequest("/users", { query: { searchParam: "an", pageNumber: 2 } });

    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      url: "/users?searchParam=an&pageNumber=2",
      authorization: "Bearer good",
      credentials: "include",
    });
  });

  it("on 403 refreshes the token once, stores it and retries the request once", async () => {
    const server = fakeServer({ validTokens: [], refreshAllowed: true });
    configureApiClient({ fetch: server.fetch });
    setToken("expired");
    const refreshed: string[] = [];
    const stop = onSessionRefreshed((session) => refreshed.push(session.token));

    const result = await apiRequest<{ count: number }>("/users");
    stop();

    expect(result.count).toBe(0);
    expect(server.calls.map((c) => `${c.method} ${c.url} ${c.authorization}`)).toEqual([
      "GET /users Bearer expired",
      "POST /auth/refresh_token Bearer expired",
      "GET /users Bearer fresh-1",
    ]);
    expect(getToken()).toBe("fresh-1");
    expect(localStorage.getItem("token")).toBe(JSON.stringify("fresh-1"));
    expect(refreshed).toEqual(["fresh-1"]);
  });

  it("shares one refresh between concurrent 403 answers", async () => {
    const server = fakeServer({ validTokens: [], refreshAllowed: true, refreshDelayMs: 20 });
    configureApiClient({ fetch: server.fetch });
    setToken("expired");

    await Promise.all([apiRequest("/users"), apiRequest("/users/list"), apiRequest("/users/3")]);

    expect(server.calls.filter((c) => c.url === "/auth/refresh_token")).toHaveLength(1);
    const retries = server.calls.filter((c) => c.authorization === "Bearer fresh-1");
    expect(retries.map((c) => c.url).sort()).toEqual(["/users", "/users/3", "/users/list"]);
  });

  it("retries only once: a second 403 reaches the caller as an ApiError", async () => {
    const server = fakeServer({ validTokens: ["good"], refreshAllowed: true });
    configureApiClient({ fetch: server.fetch });
    setToken("good");

    const error = await apiRequest("/users/99").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "ERR_NO_PERMISSION" });
    expect(server.calls.map((c) => c.url)).toEqual(["/users/99", "/auth/refresh_token", "/users/99"]);
    expect(unauthorized).toBe(0);
  });

  it("a 403 of the company's plan (ERR_PLAN_NO_…) is an answer: no refresh, no retry; the app is told", async () => {
    const server = fakeServer({ validTokens: ["good"], refreshAllowed: true });
    let planRefused = 0;
    configureApiClient({ fetch: server.fetch, onPlanRefused: () => (planRefused += 1) });
    setToken("good");

    const error = await apiRequest("/schedules").catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 403, code: "ERR_PLAN_NO_SCHEDULES" });
    expect(server.calls.map((c) => c.url)).toEqual(["/schedules"]);
    expect(getToken()).toBe("good");
    expect(planRefused).toBe(1);
    await apiRequest("/users/99").catch(() => undefined);
    expect(planRefused).toBe(1);
  });

  it("clears the token and signals unauthorized when the refresh is refused", async () => {
    const server = fakeServer({ validTokens: [], refreshAllowed: false });
    configureApiClient({ fetch: server.fetch });
    setToken("expired");

    await expect(apiRequest("/users")).rejects.toMatchObject({ status: 401 });

    expect(getToken()).toBeNull();
    expect(unauthorized).toBe(1);
    expect(server.calls.map((c) => c.url)).toEqual(["/users", "/auth/refresh_token"]);
  });

  it("on 401 clears the stored token and signals unauthorized, without refreshing", async () => {
    const server = fakeServer({ validTokens: [], refreshAllowed: true });
    configureApiClient({ fetch: server.fetch });
    localStorage.setItem("token", JSON.stringify(""));

    await expect(apiRequest("/auth/me")).rejects.toMatchObject({ status: 401, code: "ERR_SESSION_EXPIRED" });

    expect(localStorage.getItem("token")).toBeNull();
    expect(unauthorized).toBe(1);
    expect(server.calls.map((c) => c.url)).toEqual(["/auth/me"]);
  });

  it("treats a 401 from the login route as an answer, not as a lost session", async () => {
    const server = fakeServer({ validTokens: [], refreshAllowed: true });
    configureApiClient({ fetch: server.fetch });

    const error = await apiRequest("/auth/login", {
      method: "POST",
      body: { email: "a@b.co", password: "x" },
    }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, code: "ERR_INVALID_CREDENTIALS", message: "bad" });
    expect(server.calls[0]?.body).toEqual({ email: "a@b.co", password: "x" });
    expect(unauthorized).toBe(0);
  });

  it("sends the app to the open invoices on ERR_SUBSCRIPTION_EXPIRED, keeping the session", async () => {
    let expired = 0;
    configureApiClient({
      onSubscriptionExpired: () => (expired += 1),
      fetch: async (url: string) =>
        url.startsWith("/tickets")
          ? json(402, { error: "ERR_SUBSCRIPTION_EXPIRED", message: "expired" })
          : json(200, { invoices: [], count: 0, hasMore: false }),
    });
    setToken("good");

    const error = await apiRequest("/tickets").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 402, code: "ERR_SUBSCRIPTION_EXPIRED" });
    expect(expired).toBe(1);
    expect(getToken()).toBe("good");
    expect(unauthorized).toBe(0);

    await apiRequest("/invoices/all");
    expect(expired).toBe(1);
  });

  it("leaves other 402 answers alone", async () => {
    let expired = 0;
    configureApiClient({
      onSubscriptionExpired: () => (expired += 1),
      fetch: async () => json(402, { error: "ERR_VALIDATION", message: "other" }),
    });
    await apiRequest("/tickets").catch(() => undefined);
    expect(expired).toBe(0);
  });
});

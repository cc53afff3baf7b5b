/**
 * What every provider client answers: a value, or a classified failure. Clients never throw at
 * their callers (the automation runner decides what a failure means for the ticket): timeouts,
 * network errors, 429 and 5xx are `retryable`; other 4xx, refusals (a private address, a bad
 * configuration) and answers that make no sense are not. `reason` is for logs and carries no
 * secret (never a key, a token or a URL's query).
 */
export type ProviderFailure = { ok: false; retryable: boolean; reason: string; status?: number };
export type ProviderResult<T> = { ok: true; value: T } | ProviderFailure;

export const success = <T>(value: T): ProviderResult<T> => ({ ok: true, value });

export const failure = (reason: string, retryable: boolean, status?: number): ProviderFailure =>
  status === undefined ? { ok: false, retryable, reason } : { ok: false, retryable, reason, status };

/** The HTTP statuses worth another try later: rate limits, timeouts of a proxy, server errors. */
export const retryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** A failure for an HTTP answer that was not 2xx, with the provider's own message when it has one. */
export function statusFailure(provider: string, status: number, message?: string): ProviderFailure {
  const detail = message ? `: ${message.slice(0, 300)}` : "";
  return failure(`${provider} answered ${status}${detail}`, retryableStatus(status), status);
}

/** One signal for a call: the caller's (if any) and the call's own time limit, whichever ends first. */
export function callSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Classifies a thrown error of a call that used `callSignal(timeoutMs, signal)`. */
export function thrownFailure(provider: string, error: unknown, timeoutMs: number, signal?: AbortSignal) {
  if (signal?.aborted) return failure(`${provider} call cancelled`, true);
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError")
    return failure(`${provider} took over ${timeoutMs} ms`, true);
  const message = error instanceof Error ? error.message : String(error);
  return failure(`${provider} unreachable: ${message.slice(0, 300)}`, true);
}

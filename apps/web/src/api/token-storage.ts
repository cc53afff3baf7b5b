/**
 * The access token lives in localStorage under `token`, JSON-encoded (the
 * refresh token is an httpOnly cookie the app never sees).
 */
export const TOKEN_STORAGE_KEY = "token";

export function getToken(): string | null {
  const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" && value ? value : null;
  } catch {
    // A plain (not JSON-encoded) token written by an older build.
    return raw;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

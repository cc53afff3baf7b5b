/**
 * Addresses of stored files in answers. Stored rows keep the path
 * (`/public/company1/media/x.png`); with FILES_URL set, answers carry
 * `{FILES_URL}/public/...`, so a file is fetched from an origin that is not
 * the app's. Set once at boot (one configuration per process).
 */
let filesBase = "";

export function setFilesUrl(url: string | undefined): void {
  filesBase = url ? url.replace(/\/+$/, "") : "";
}

/** A stored path as clients should fetch it; other values (external URLs, null) as they are. */
export function fileUrl<T extends string | null | undefined>(path: T): T {
  if (!filesBase || typeof path !== "string" || !path.startsWith("/public/")) return path;
  return `${filesBase}${path}` as T;
}

/** A file address a client sent back (a forwarded or quick-message file): the stored path. */
export function storedPath(url: string): string {
  return filesBase && url.startsWith(`${filesBase}/public/`) ? url.slice(filesBase.length) : url;
}

import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** A company's files live under `{root}/company{id}/` (storage.ts names them so). */
export function companyFolder(root: string, companyId: number): string {
  return join(root, `company${companyId}`);
}

/** Bytes and number of files under the company's folder (zero when it has none). Links are not followed. */
export async function measureCompanyFolder(
  root: string,
  companyId: number,
): Promise<{ bytes: number; files: number }> {
  const total = { bytes: 0, files: 0 };
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const info = await stat(path).catch(() => undefined);
        if (!info) continue; // removed meanwhile
        total.bytes += info.size;
        total.files += 1;
      }
    }
  }
  await walk(companyFolder(root, companyId));
  return total;
}

/** Deletes the company's folder and everything in it. */
export async function removeCompanyFolder(root: string, companyId: number): Promise<void> {
  await rm(companyFolder(root, companyId), { recursive: true, force: true });
}

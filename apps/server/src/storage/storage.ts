import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

/** Where files live. Local disk now; the same interface fits an S3-compatible store. */
export interface Storage {
  /** Saves bytes under the company's folder and answers the public path (`/public/...`). */
  save(companyId: number, folder: string, originalName: string, bytes: Buffer): Promise<string>;
  remove(publicPath: string): Promise<void>;
  /** The directory served under `/public`. */
  readonly root: string;
}

export function localStorage(root: string): Storage {
  return {
    root,
    async save(companyId, folder, originalName, bytes) {
      const ext = extname(originalName)
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, "")
        .slice(0, 10);
      // A random name: files are served without a token, so names must not be guessable.
      const name = `${Date.now()}-${randomBytes(12).toString("hex")}${ext}`;
      const relative = join(`company${companyId}`, folder, name);
      await mkdir(join(root, `company${companyId}`, folder), { recursive: true });
      await writeFile(join(root, relative), bytes);
      return `/public/${relative.split("\\").join("/")}`;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith("/public/")) return;
      const relative = normalize(publicPath.slice("/public/".length));
      if (relative.startsWith("..")) return;
      await unlink(join(root, relative)).catch(() => {});
    },
  };
}

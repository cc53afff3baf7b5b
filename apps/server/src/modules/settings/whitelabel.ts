import {
  LIMITS,
  WHITELABEL_LOGO_KEYS,
  WHITELABEL_LOGO_MAX_BYTES,
  type WhitelabelLogoMode,
  whitelabelLogoPath,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Storage } from "../../storage/storage.js";
import type { SettingsService } from "./service.js";

/** `mode` as the Whaticket family sends it ("Light", "Dark", "Favicon"), in any case. */
function logoMode(value: string | undefined): WhitelabelLogoMode {
  const mode = (value ?? "").trim().toLowerCase();
  if (mode in WHITELABEL_LOGO_KEYS) return mode as WhitelabelLogoMode;
  throw new AppError("ERR_VALIDATION", { field: "mode", message: "Invalid value: light, dark, favicon" });
}

/**
 * The whitelabel images (spec 2 section 7): a super user's upload is typed
 * from its bytes (logos PNG, JPEG or WebP; the favicon PNG or ICO; never SVG),
 * stored under the platform company's `logos` folder with a random name, and
 * named by its setting (appLogoLight, appLogoDark, appLogoFavicon) at once:
 * the answer is the stored file name, the setting's new value. The image it
 * replaces is removed.
 */
export class WhitelabelService {
  constructor(private readonly deps: { settings: SettingsService; storage: Storage }) {}

  async uploadLogo(
    ctx: RequestContext,
    mode: WhitelabelLogoMode,
    file: { filename: string; bytes: Buffer },
  ): Promise<string> {
    const key = WHITELABEL_LOGO_KEYS[mode];
    const previous = await this.deps.settings.publicValue(key);
    const stored = await this.deps.storage.save(LIMITS.platformCompanyId, "logos", {
      bytes: file.bytes,
      name: file.filename,
      use: mode === "favicon" ? "favicon" : "image",
    });
    const fileName = stored.path.split("/").pop() ?? "";
    try {
      await this.deps.settings.update(ctx, key, fileName);
    } catch (error) {
      await this.deps.storage.remove(stored.path);
      throw error;
    }
    if (previous && previous !== fileName) await this.deps.storage.remove(whitelabelLogoPath(previous));
    return fileName;
  }
}

/** POST /settings-whitelabel/logo multipart (typeArch, mode, file). Thin. */
export function whitelabelRoutes(service: WhitelabelService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/settings-whitelabel/logo",
      {
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION). multipart/form-data: `mode` light, dark or favicon " +
            "(any case), `typeArch` logo (optional), `file` the image, at most 2 MB (413 ERR_FILE_TOO_LARGE). " +
            "Logos must be PNG, JPEG or WebP and the favicon PNG or ICO, judged by the bytes (400 " +
            "ERR_FILE_TYPE_NOT_ALLOWED). Sets appLogoLight, appLogoDark or appLogoFavicon to the stored file " +
            "(served at /public/company1/logos/{name}), removes the image it replaces and answers the file " +
            "name as a JSON string.",
          response: { 200: z.string() },
        },
      },
      async (req, reply) => {
        // Refused before reading the body: nobody else's upload is ever stored.
        if (!req.ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
        if (!req.isMultipart())
          throw new AppError("ERR_VALIDATION", { field: "file", message: "Send multipart/form-data" });
        const fields: Record<string, string> = {};
        let file: { filename: string; bytes: Buffer } | undefined;
        for await (const part of req.parts({ limits: { fileSize: WHITELABEL_LOGO_MAX_BYTES, files: 1 } })) {
          if (part.type === "field") {
            if (typeof part.value === "string") fields[part.fieldname] = part.value.slice(0, 100);
            continue;
          }
          const bytes = await part.toBuffer();
          if (part.fieldname !== "file") continue;
          if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "file" });
          file = { filename: part.filename, bytes };
        }
        const mode = logoMode(fields.mode);
        if (fields.typeArch !== undefined && fields.typeArch.trim().toLowerCase() !== "logo")
          throw new AppError("ERR_VALIDATION", { field: "typeArch", message: "Invalid value: logo" });
        if (!file || file.bytes.length === 0)
          throw new AppError("ERR_VALIDATION", { field: "file", message: "Required" });
        // A bare string would leave as text/plain: the answer is the name as JSON.
        const fileName = await service.uploadLogo(req.ctx, mode, file);
        return reply.type("application/json").send(JSON.stringify(fileName));
      },
    );
  };
}

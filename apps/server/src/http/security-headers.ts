import { extname } from "node:path";
import fastifyStatic from "@fastify/static";
import { HELP_VIDEO_ORIGINS } from "@inbox/shared";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Stored files a browser may show in place, by extension (the storage names
 * files by their detected type): images, audio, video and PDF. Anything else
 * (HTML, SVG, XML, text, unknown) is a download.
 */
const INLINE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  ico: "image/x-icon",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  wav: "audio/wav",
  flac: "audio/flac",
  amr: "audio/amr",
  weba: "audio/webm",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  "3gp": "video/3gpp",
  mov: "video/quicktime",
  ogv: "video/ogg",
  pdf: "application/pdf",
};

/** Every file answer: never sniffed, and a document opened from it is sandboxed with nothing allowed. */
export const FILE_CSP = "sandbox; default-src 'none'";

/** The stored file's inline type, or undefined when it must be downloaded. */
export function inlineTypeOf(path: string): string | undefined {
  return INLINE_TYPES[extname(path).slice(1).toLowerCase()];
}

/** Serves the file store under `/public/` with the headers above. */
export async function registerFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: "/public/",
    decorateReply: false,
    dotfiles: "deny",
    index: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      const inline = inlineTypeOf(path);
      if (inline) {
        reply.header("content-type", inline);
        reply.header("content-disposition", "inline");
      } else {
        reply.header("content-type", "application/octet-stream");
        reply.header("content-disposition", "attachment");
      }
    },
  });
}

/**
 * Security headers of every answer. Files under /public: nosniff and a
 * sandboxing CSP. The web app and the API: a CSP allowing only the app's own
 * scripts (MUI's emotion injects <style> tags, hence 'unsafe-inline' styles),
 * images and media from the app, the file origin, data: and blob: (contact
 * pictures come from the channels' CDNs, so https: images too), connections
 * to the app itself (REST and socket.io, ws included in 'self'), no framing
 * of the app. Frames only from YouTube's no-cookie player and the help
 * videos' thumbnails from YouTube's image host (HELP_VIDEO_ORIGINS; named in
 * img-src too, so narrowing https: later keeps them).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { filesUrl?: string }): void {
  const files = options.filesUrl ? ` ${new URL(options.filesUrl).origin}` : "";
  const appCsp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${HELP_VIDEO_ORIGINS.thumbnail}${files}`,
    `frame-src ${HELP_VIDEO_ORIGINS.embed}`,
    `media-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
    if (request.url.startsWith("/public/")) {
      reply.header("content-security-policy", FILE_CSP);
    } else {
      reply.header("content-security-policy", appCsp);
      reply.header("x-frame-options", "DENY");
      reply.header("cross-origin-opener-policy", "same-origin");
    }
    return payload;
  });
}

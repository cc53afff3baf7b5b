import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../test/factories.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestSockets } from "../../test/sockets.js";
import { displayName, localStorage } from "../storage/storage.js";

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);
const root = () => join(server.config.dataDir, "public");

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: "https://inbox.example.com" } });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = "----inboxfiles";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("stored files take their type from their bytes", () => {
  it("message media: an image, a PDF, HTML named .png and an SVG are stored by what they are", async () => {
    const storage = localStorage(root());
    const cases = [
      { name: "foto.jpeg", bytes: SAMPLE_FILES.png, declared: "image/jpeg", ext: "png", kind: "image" },
      {
        name: "contrato.pdf",
        bytes: SAMPLE_FILES.pdf,
        declared: "application/pdf",
        ext: "pdf",
        kind: "document",
      },
      { name: "invoice.png", bytes: SAMPLE_FILES.html, declared: "image/png", ext: "bin", kind: "document" },
      { name: "logo.svg", bytes: SAMPLE_FILES.svg, declared: "image/svg+xml", ext: "bin", kind: "document" },
      { name: "invoice.html", bytes: SAMPLE_FILES.html, declared: "text/html", ext: "bin", kind: "document" },
      {
        name: "voz.webm",
        bytes: SAMPLE_FILES.webm,
        declared: "audio/webm;codecs=opus",
        ext: "webm",
        kind: "audio",
      },
    ];
    for (const c of cases) {
      const saved = await storage.save(7, "media", {
        bytes: c.bytes,
        name: c.name,
        declaredType: c.declared,
        use: "media",
      });
      expect(saved, c.name).toMatchObject({ kind: c.kind, name: c.name });
      expect(saved.path, c.name).toMatch(new RegExp(`^/public/company7/media/\\d+-[0-9a-f]{24}\\.${c.ext}$`));
      expect(readFileSync(join(root(), saved.path.slice("/public/".length))).equals(c.bytes)).toBe(true);
    }
  });

  it("images only (avatars, logos, schedules): PNG, JPEG and WebP pass; HTML, SVG and PDF are refused with ERR_FILE_TYPE_NOT_ALLOWED", async () => {
    const storage = localStorage(root());
    for (const bytes of [SAMPLE_FILES.png, SAMPLE_FILES.jpg]) {
      const saved = await storage.save(8, "profile", { bytes, name: "me.webp", use: "image" });
      expect(saved.kind).toBe("image");
    }
    for (const [name, bytes] of [
      ["me.png", SAMPLE_FILES.html],
      ["me.svg", SAMPLE_FILES.svg],
      ["me.png", SAMPLE_FILES.pdf],
    ] as const) {
      await expect(storage.save(8, "profile", { bytes, name, use: "image" }), name).rejects.toMatchObject({
        code: "ERR_FILE_TYPE_NOT_ALLOWED",
        status: 400,
      });
    }
  });

  it("the sender's file name is display text only: no directories, no control or direction characters", () => {
    expect(displayName("../../etc/passwd", "bin")).toBe("passwd");
    expect(displayName("C:\\Users\\x\\nota.pdf", "pdf")).toBe("nota.pdf");
    expect(displayName("fatura\u202Efdp.exe", "bin")).toBe("faturafdp.exe");
    expect(displayName("a\u0000b\nc.txt", "txt")).toBe("abc.txt");
    expect(displayName("", "png")).toBe("file.png");
    expect(displayName("..", "png")).toBe("file.png");
  });

  it("a profile image of HTML bytes named .png and sent as image/png is refused, and nothing is stored", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const body = multipart("profileImage", "me.png", "image/png", SAMPLE_FILES.html);
    const res = await server.app.inject({
      method: "POST",
      url: `/users/${team.user.id}/media-upload`,
      headers: { ...team.userSession.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe("ERR_FILE_TYPE_NOT_ALLOWED");
    expect(existsSync(join(root(), `company${team.company.id}`, "profile"))).toBe(false);
    const user = await server.app.inject({
      method: "GET",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
    });
    expect(user.json().profileImage).toBeNull();
  });
});

describe("serving stored files", () => {
  const FILE_CSP = "sandbox; default-src 'none'";

  it("images, audio, video and PDF inline; HTML, SVG, XML and unknown bytes as attachments; all nosniff and sandboxed", async () => {
    const storage = localStorage(root());
    const inline = [
      [SAMPLE_FILES.png, "image/png"],
      [SAMPLE_FILES.jpg, "image/jpeg"],
      [SAMPLE_FILES.ogg, "audio/ogg"],
      [SAMPLE_FILES.mp4, "video/mp4"],
      [SAMPLE_FILES.pdf, "application/pdf"],
    ] as const;
    for (const [bytes, type] of inline) {
      const { path } = await storage.save(9, "media", { bytes, use: "media" });
      const res = await server.app.inject({ method: "GET", url: path });
      expect(res.statusCode, type).toBe(200);
      expect(res.headers["content-type"], type).toBe(type);
      expect(res.headers["content-disposition"], type).toBe("inline");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBe(FILE_CSP);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const downloads = [
      SAMPLE_FILES.html,
      SAMPLE_FILES.svg,
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      Buffer.from([0, 1, 2, 3, 4]),
    ];
    for (const bytes of downloads) {
      const { path } = await storage.save(9, "media", { bytes, name: "x.html", use: "media" });
      const res = await server.app.inject({ method: "GET", url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/octet-stream");
      expect(res.headers["content-disposition"]).toBe("attachment");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBe(FILE_CSP);
    }
  });

  it("a file stored before this change with an .html or .svg name is still only a download", async () => {
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(join(root(), "company10", "media"), { recursive: true });
    for (const name of ["old.html", "old.svg", "old.xml", "old.htm", "old.xhtml"]) {
      await writeFile(join(root(), "company10", "media", name), SAMPLE_FILES.html);
      const res = await server.app.inject({ method: "GET", url: `/public/company10/media/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers["content-type"], name).toBe("application/octet-stream");
      expect(res.headers["content-disposition"], name).toBe("attachment");
      expect(res.headers["content-security-policy"], name).toBe(FILE_CSP);
    }
  });
});

describe("security headers of the app and the API", () => {
  it("the API answers with a CSP of the app's own scripts, no framing, no referrer, nosniff", async () => {
    for (const path of ["/version", "/no-such-route"]) {
      const res = await server.app.inject({ method: "GET", url: path });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe|\*)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  it("socket.io: a page of another site cannot open a socket; the app's origin (PUBLIC_URL) and its own host can", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const attempt = async (origin: string): Promise<"connected" | "refused"> => {
      const { socket, outcome } = await clients.handshake(team.userSession.token, {
        extraHeaders: { origin },
      });
      socket.disconnect();
      return outcome === "connected" ? "connected" : "refused";
    };
    expect(await attempt("https://evil.example")).toBe("refused");
    expect(await attempt("null")).toBe("refused");
    expect(await attempt("https://inbox.example.com")).toBe("connected");
    expect(await attempt(url)).toBe("connected");
    // Long polling too: the handshake's first request is refused before any session exists.
    const polling = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: "https://evil.example" },
    });
    expect(polling.status).toBe(403);
  });
});

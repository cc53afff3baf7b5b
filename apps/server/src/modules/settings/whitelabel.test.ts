import { existsSync } from "node:fs";
import { join } from "node:path";
import { WHITELABEL_LOGO_MAX_BYTES, whitelabelLogoPath } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
  buildTeam,
  ensurePlatformCompany,
  login,
  type Session,
} from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
let superUser: Session;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer();
  await ensurePlatformCompany(server.database.db);
  const team = await buildTeam(server.app, server.database.db);
  admin = team.adminSession;
  superUser = await login(
    server.app,
    (await buildAdmin(server.database.db, team.company.id, { super: true })).email,
  );
});
afterAll(() => server.close());

/** A Windows icon: the ICO header and one directory entry pointing at a PNG image. */
const ico = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]),
  Buffer.from([SAMPLE_FILES.png.length, 0, 0, 0, 22, 0, 0, 0]),
  SAMPLE_FILES.png,
]);

function form(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = "----whitelabel";
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (session: Session | undefined, body: ReturnType<typeof form>) =>
  server.app.inject({
    method: "POST",
    url: "/settings-whitelabel/logo",
    headers: { ...(session?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
const publicValue = async (key: string) =>
  (await server.app.inject({ method: "GET", url: `/public-settings/${key}` })).json() as string | null;
const onDisk = (name: string) => existsSync(join(server.config.dataDir, whitelabelLogoPath(name)));

describe("POST /settings-whitelabel/logo", () => {
  it("stores a logo typed from its bytes, names it in its setting, serves it, and removes the one it replaces", async () => {
    const first = await upload(
      superUser,
      form(
        { typeArch: "logo", mode: "Light" },
        { name: "logo.png", type: "image/png", bytes: SAMPLE_FILES.png },
      ),
    );
    expect(first.statusCode, first.body).toBe(200);
    const name = first.json() as string;
    expect(name).toMatch(/^[\w-]+\.png$/);
    expect(await publicValue("appLogoLight")).toBe(name);
    const served = await server.app.inject({ method: "GET", url: whitelabelLogoPath(name) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

    // A JPEG declared as PNG is stored as what its bytes are.
    const second = await upload(
      superUser,
      form({ mode: "light" }, { name: "logo.png", type: "image/png", bytes: SAMPLE_FILES.jpg }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatch(/\.jpg$/);
    expect(await publicValue("appLogoLight")).toBe(second.json());
    expect(onDisk(second.json())).toBe(true);
    expect(onDisk(name)).toBe(false);

    const dark = await upload(
      superUser,
      form({ mode: "DARK" }, { name: "d.png", type: "image/png", bytes: SAMPLE_FILES.png }),
    );
    expect(await publicValue("appLogoDark")).toBe(dark.json());
  });

  it("a favicon may be PNG or ICO; an ICO is served as an image", async () => {
    const asIco = await upload(
      superUser,
      form({ mode: "favicon" }, { name: "favicon.ico", type: "image/x-icon", bytes: ico }),
    );
    expect(asIco.statusCode, asIco.body).toBe(200);
    expect(asIco.json()).toMatch(/\.ico$/);
    expect(await publicValue("appLogoFavicon")).toBe(asIco.json());
    const served = await server.app.inject({ method: "GET", url: whitelabelLogoPath(asIco.json()) });
    expect(served.headers["content-type"]).toBe("image/x-icon");
    expect(served.headers["content-disposition"]).toBe("inline");

    const asPng = await upload(
      superUser,
      form({ mode: "Favicon" }, { name: "f.png", type: "image/png", bytes: SAMPLE_FILES.png }),
    );
    expect(asPng.statusCode).toBe(200);
    expect(await publicValue("appLogoFavicon")).toBe(asPng.json());
  });

  it("refuses SVG, HTML and other types whatever they claim to be, and an ICO as a logo; nothing changes", async () => {
    const before = await publicValue("appLogoLight");
    const refused: [string, string, Buffer, string][] = [
      ["light", "logo.svg", SAMPLE_FILES.svg, "image/svg+xml"],
      ["light", "logo.png", SAMPLE_FILES.html, "image/png"],
      ["light", "logo.ico", ico, "image/x-icon"],
      ["favicon", "favicon.svg", SAMPLE_FILES.svg, "image/svg+xml"],
      ["favicon", "favicon.jpg", SAMPLE_FILES.jpg, "image/jpeg"],
      ["dark", "clip.mp4", SAMPLE_FILES.mp4, "video/mp4"],
    ];
    for (const [mode, name, bytes, type] of refused) {
      const res = await upload(superUser, form({ mode }, { name, type, bytes }));
      expect(res.statusCode, `${mode} ${name}`).toBe(400);
      expect(res.json().error).toBe("ERR_FILE_TYPE_NOT_ALLOWED");
    }
    expect(await publicValue("appLogoLight")).toBe(before);
  });

  it("only super users upload: an admin gets 403, no session 401", async () => {
    const body = form({ mode: "light" }, { name: "x.png", type: "image/png", bytes: SAMPLE_FILES.png });
    const before = await publicValue("appLogoLight");
    const res = await upload(admin, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    expect((await upload(undefined, body)).statusCode).toBe(401);
    expect(await publicValue("appLogoLight")).toBe(before);
  });

  it("validation: mode, typeArch, the file and its size", async () => {
    const png = { name: "x.png", type: "image/png", bytes: SAMPLE_FILES.png };
    const cases: [ReturnType<typeof form>, string][] = [
      [form({}, png), "mode"],
      [form({ mode: "banner" }, png), "mode"],
      [form({ mode: "light", typeArch: "user" }, png), "typeArch"],
      [form({ mode: "light" }), "file"],
    ];
    for (const [body, field] of cases) {
      const res = await upload(superUser, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field });
    }
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(WHITELABEL_LOGO_MAX_BYTES)]);
    const tooLarge = await upload(superUser, form({ mode: "light" }, { ...png, bytes: big }));
    expect(tooLarge.statusCode).toBe(413);
    const notMultipart = await server.app.inject({
      method: "POST",
      url: "/settings-whitelabel/logo",
      headers: superUser.headers,
      payload: { mode: "light" },
    });
    expect(notMultipart.statusCode).toBe(400);
  });
});

describe("whitelabel keys", () => {
  it("colours and name: super users set them, everyone reads them without a session, admins cannot", async () => {
    const set = (session: Session, key: string, value: string) =>
      server.app.inject({
        method: "PUT",
        url: `/settings/${key}`,
        headers: session.headers,
        payload: { value },
      });
    expect((await set(superUser, "primaryColorLight", "#123456")).statusCode).toBe(200);
    expect((await set(superUser, "primaryColorDark", "#abcdef")).statusCode).toBe(200);
    expect((await set(superUser, "appName", "  Atende Já  ")).statusCode).toBe(200);
    expect(await publicValue("primaryColorLight")).toBe("#123456");
    expect(await publicValue("primaryColorDark")).toBe("#abcdef");
    expect(await publicValue("appName")).toBe("Atende Já");

    const refused = await set(admin, "primaryColorLight", "#000000");
    expect(refused.statusCode).toBe(403);
    expect((await set(superUser, "primaryColorDark", "blue")).json()).toMatchObject({ field: "value" });
    expect((await set(superUser, "appLogoLight", "../../etc/passwd")).statusCode).toBe(400);
    expect(await publicValue("primaryColorLight")).toBe("#123456");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../test/factories.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
const FILES_URL = "https://files.inbox.example";

beforeAll(async () => {
  server = await startTestServer({ env: { FILES_URL: `${FILES_URL}/` } });
});
afterAll(() => server.close());

describe("FILES_URL", () => {
  it("file addresses in answers point at the file origin; the app's CSP lets its images and media in", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const boundary = "----inboxfilesurl";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      SAMPLE_FILES.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await server.app.inject({
      method: "POST",
      url: `/users/${team.user.id}/media-upload`,
      headers: { ...team.userSession.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const address = res.json().user.profileImage as string;
    expect(address).toMatch(new RegExp(`^${FILES_URL}/public/company${team.company.id}/profile/.+\\.png$`));
    // The same server answers the file under its path (FILES_URL names a host of this server).
    const file = await server.app.inject({ method: "GET", url: new URL(address).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${FILES_URL}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${FILES_URL}`));
    expect(csp).toContain("script-src 'self';");
  });
});

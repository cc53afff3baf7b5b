import { type AddressInfo, createServer as createNetServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCompany, buildUser, DEFAULT_PASSWORD, login, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TokenService } from "../../auth/tokens.js";
import { createMailer } from "../../mail/mailer.js";
import { RecoveryMail } from "./recovery-mail.js";

/** A real SMTP server on loopback that keeps what it receives. */
const inbox: { to: string[]; raw: string }[] = [];
/** How the fake SMTP server treats the next messages: refuse this many, and hold each until released. */
const smtpMode: { refuse: number; refused: number; hold?: Promise<void> } = { refuse: 0, refused: 0 };
let smtp: SMTPServer;
let smtpUrl: string;
let server: TestServer;

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk.toString();
      });
      stream.on("end", async () => {
        await smtpMode.hold;
        if (smtpMode.refuse > 0) {
          smtpMode.refuse -= 1;
          smtpMode.refused += 1;
          const err = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${port}`;
  server = await startTestServer({
    env: { SMTP_URL: smtpUrl, PUBLIC_URL: "http://inbox.test" },
    mailer: createMailer({ smtpUrl, from: "Inbox <no-reply@inbox.test>", logger: { info: () => {} } }),
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The link of the `nth` mail to `to` (1 = the first), once it has arrived (the mail leaves in a job). */
async function tokenFromMail(to: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = inbox.filter((m) => m.to.includes(to))[nth - 1];
      if (!found) throw new Error(`no mail ${nth} to ${to} yet`);
      return found;
    },
    { timeout: timeoutMs, interval: 50 },
  );
  const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/http:\/\/inbox\.test\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error("no link in the mail");
  return match[1];
}

const recover = (email: string) =>
  server.app.inject({ method: "POST", url: "/auth/recover-password", payload: { email } });
const reset = (token: string, password: string, confirmPassword = password) =>
  server.app.inject({
    method: "POST",
    url: "/auth/reset-password",
    payload: { token, password, confirmPassword },
  });

describe("password recovery and reset", () => {
  it("mails a link over SMTP; the link sets a new password once and ends the old sessions", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);

    expect((await recover(user.email)).statusCode).toBe(200);
    const token = await tokenFromMail(user.email);

    const res = await reset(token, "nova-senha");
    expect(res.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: "GET", url: "/auth/me", headers: session.headers })).statusCode,
    ).toBe(401);
    await login(server.app, user.email, "nova-senha");
    await expect(login(server.app, user.email, DEFAULT_PASSWORD)).rejects.toThrow(/401/);

    const again = await reset(token, "outra-senha");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_INVALID_RESET_TOKEN", message: "Link inválido" });
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = inbox.length;
    const email = `${unique("ghost")}@example.com`;
    const res = await recover(email);
    expect(res.statusCode).toBe(200);
    expect(inbox.length).toBe(before);
  });

  it("answers the spec's messages for a bad form", async () => {
    const bad = await recover("nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Por favor, insira um email válido.");
    const mismatch = await reset("x".repeat(43), "123456", "654321");
    expect(mismatch.json()).toMatchObject({ field: "confirmPassword", message: "As senhas não coincidem" });
    const short = await reset("x".repeat(43), "123", "123");
    expect(short.json()).toMatchObject({
      field: "password",
      message: "A senha deve ter no mínimo 6 caracteres",
    });
  });
});

describe("recovery links and mails (issue 8 section 5)", () => {
  it("a successful reset voids every other link of that user", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    expect((await recover(user.email)).statusCode).toBe(200);
    const first = await tokenFromMail(user.email, 1);
    expect((await recover(user.email)).statusCode).toBe(200);
    const second = await tokenFromMail(user.email, 2);
    expect(second).not.toBe(first);

    expect((await reset(second, "from-second")).statusCode).toBe(200);
    const old = await reset(first, "from-first");
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: "ERR_INVALID_RESET_TOKEN" });
    await login(server.app, user.email, "from-second");
    await expect(login(server.app, user.email, "from-first")).rejects.toThrow(/401/);
  });

  it("answers the same status and body for known and unknown addresses, without waiting for SMTP", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    // The SMTP server holds every message: an answer that waited for it would never come.
    let release = () => {};
    smtpMode.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const known = await recover(user.email);
      const unknown = await recover(`${unique("ghost")}@example.com`);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers["content-type"]).toBe(known.headers["content-type"]);
      expect(inbox.some((m) => m.to.includes(user.email))).toBe(false);
    } finally {
      smtpMode.hold = undefined;
      release();
    }
    // Released, the mail arrives.
    await tokenFromMail(user.email);
  });

  it("an SMTP failure does not reach the caller: the answer is the same, the failure is logged", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    smtpMode.refuse = 1;
    const res = await recover(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "If the e-mail is registered, a recovery link has been sent." });
    await vi.waitFor(() => expect(smtpMode.refuse).toBe(0), { timeout: 10_000, interval: 50 });

    // One attempt through the job's own code: it logs and throws, so pg-boss retries.
    const warnings: object[] = [];
    const mail = new RecoveryMail({
      db: server.database.db,
      tokens: new TokenService(
        server.config.JWT_SECRET,
        server.config.JWT_REFRESH_SECRET,
        server.config.ACCESS_TOKEN_TTL_SECONDS,
      ),
      mailer: createMailer({ smtpUrl, from: "Inbox <no-reply@inbox.test>", logger: { info: () => {} } }),
      publicUrl: "http://inbox.test",
      logger: { info: () => {}, warn: (obj) => warnings.push(obj), error: () => {} },
    });
    smtpMode.refuse = 1;
    await expect(mail.deliver(user.email)).rejects.toThrow(/451|busy/);
    expect(warnings).toEqual([expect.objectContaining({ userId: user.id })]);
  });
});

describe("the recovery mail job (pg-boss)", () => {
  let withJobs: TestServer;
  beforeAll(async () => {
    withJobs = await startTestServer({
      jobs: true,
      env: { SMTP_URL: smtpUrl, PUBLIC_URL: "http://inbox.test" },
      mailer: createMailer({ smtpUrl, from: "Inbox <no-reply@inbox.test>", logger: { info: () => {} } }),
    });
  });
  afterAll(() => withJobs.close());

  it("retries a mail the SMTP server refused, until it goes out", async () => {
    const company = await buildCompany(withJobs.database.db);
    const user = await buildUser(withJobs.database.db, company.id);
    const refusedBefore = smtpMode.refused;
    smtpMode.refuse = 2;
    const res = await withJobs.app.inject({
      method: "POST",
      url: "/auth/recover-password",
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const token = await tokenFromMail(user.email, 1, 60_000);
    expect(smtpMode.refused - refusedBefore).toBe(2);
    const done = await withJobs.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      payload: { token, password: "after-retries", confirmPassword: "after-retries" },
    });
    expect(done.statusCode).toBe(200);
    await login(withJobs.app, user.email, "after-retries");
  }, 90_000);
});

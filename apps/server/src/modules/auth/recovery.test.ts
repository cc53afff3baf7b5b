import { type AddressInfo, createServer as createNetServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, DEFAULT_PASSWORD, login, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { createMailer } from "../../mail/mailer.js";

/** A real SMTP server on loopback that keeps what it receives. */
const inbox: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
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
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  server = await startTestServer({
    env: { SMTP_URL: smtpUrl, PUBLIC_URL: "http://inbox.test" },
    mailer: createMailer({ smtpUrl, from: "Inbox <no-reply@inbox.test>", logger: { info: () => {} } }),
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function tokenFromMail(to: string): string {
  const mail = [...inbox].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
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
    const token = tokenFromMail(user.email);

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

import { describe, expect, it } from "vitest";
import {
  loginFormSchema,
  resetPasswordSchema,
  subscriptionState,
  userCreateSchema,
  userFormSchema,
} from "./index.js";

const today = new Date("2026-11-21T12:00:00Z");
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("subscriptionState", () => {
  it("company 1 never expires", () => {
    expect(subscriptionState(1, "2000-01-01", today).kind).toBe("ok");
  });
  it("expired on or after the due date, warning under 5 days, ok otherwise", () => {
    expect(subscriptionState(2, "2026-11-21", today).kind).toBe("expired");
    expect(subscriptionState(2, "2026-11-10", today).kind).toBe("expired");
    expect(subscriptionState(2, null, today).kind).toBe("expired");
    expect(subscriptionState(2, "2026-11-25", today)).toEqual({ kind: "warning", daysLeft: 4 });
    expect(subscriptionState(2, "2026-11-26", today)).toEqual({ kind: "ok", daysLeft: 5 });
  });
});

describe("schemas carry the spec's messages", () => {
  it("login form", () => {
    expect(messageOf(loginFormSchema.safeParse({ email: "x", password: "123456" }))).toBe(
      "Por favor, insira um email válido.",
    );
    expect(messageOf(loginFormSchema.safeParse({ email: "a@b.co", password: "123" }))).toBe(
      "A senha deve ter pelo menos 6 caracteres.",
    );
  });
  it("reset form", () => {
    const r = resetPasswordSchema.safeParse({
      token: "t".repeat(20),
      password: "123456",
      confirmPassword: "1234567",
    });
    expect(messageOf(r)).toBe("As senhas não coincidem");
  });
  it("user form: Too Short!, Too Long!, Required, Invalid email", () => {
    expect(
      messageOf(
        userFormSchema(false).safeParse({ name: "A", email: "a@b.co", password: "12345", profile: "user" }),
      ),
    ).toBe("Too Short!");
    expect(
      messageOf(
        userFormSchema(false).safeParse({
          name: "A".repeat(51),
          email: "a@b.co",
          password: "12345",
          profile: "user",
        }),
      ),
    ).toBe("Too Long!");
    expect(
      messageOf(
        userFormSchema(false).safeParse({ name: "Ana", email: "bad", password: "12345", profile: "user" }),
      ),
    ).toBe("Invalid email");
    expect(
      messageOf(
        userFormSchema(false).safeParse({ name: "Ana", email: "", password: "12345", profile: "user" }),
      ),
    ).toBe("Required");
    expect(
      userFormSchema(true).safeParse({ name: "Ana", email: "a@b.co", password: "", profile: "user" }).success,
    ).toBe(true);
  });
  it("new users get the defaults of spec 1 section 9", () => {
    const parsed = userCreateSchema.parse({ name: "Ana", email: "A@B.CO", password: "12345" });
    expect(parsed).toMatchObject({
      email: "a@b.co",
      profile: "user",
      startWork: "00:00",
      endWork: "23:59",
      allTicket: "disable",
      defaultTheme: "light",
      defaultMenu: "open",
      userClosePendingTicket: "enabled",
      showDashboard: "disabled",
    });
  });
});

describe("connection schemas", () => {
  it("an update carries only what was sent (no defaults filled in)", async () => {
    const { connectionUpdateSchema } = await import("./index.js");
    expect(connectionUpdateSchema.parse({ name: "Nova" })).toEqual({ name: "Nova" });
  });
  it("a creation gets the defaults of spec 2 section 9", async () => {
    const { connectionCreateSchema } = await import("./index.js");
    expect(connectionCreateSchema.parse({ name: "Nova" })).toMatchObject({
      channel: "whatsapp",
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      isDefault: false,
    });
  });
});

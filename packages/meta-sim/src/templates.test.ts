import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Any, CLOUD, call, type Harness, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clear();
  h.sim.autoStatuses(CLOUD.accountId, false);
});

const templatesUrl = () => `${h.sim.graphUrl}/${CLOUD.wabaId}/message_templates`;
const send = (template: unknown) =>
  call(`${h.sim.graphUrl}/${CLOUD.accountId}/messages`, {
    token: CLOUD.accessToken,
    body: { messaging_product: "whatsapp", to: "5511988887777", type: "template", template },
  });
const body = (text: string) => [{ type: "BODY" as const, text }];

describe("GET /{waba-id}/message_templates", () => {
  it("lists Meta's hello_world until templates are set, then pages the set ones", async () => {
    const before = await call(templatesUrl(), { token: CLOUD.accessToken });
    expect(before.status).toBe(200);
    expect((before.json as Any).data.map((t: Any) => t.name)).toEqual(["hello_world"]);

    h.sim.setTemplates(
      CLOUD.accountId,
      Array.from({ length: 3 }, (_, i) => ({
        name: `promo_${i}`,
        language: "pt_BR",
        components: body("Olá {{1}}"),
      })),
    );
    const first = await call(`${templatesUrl()}?limit=2`, { token: CLOUD.accessToken });
    const page1 = first.json as Any;
    expect(page1.data.map((t: Any) => t.name)).toEqual(["promo_0", "promo_1"]);
    expect(page1.data[0]).toMatchObject({
      status: "APPROVED",
      category: "MARKETING",
      id: expect.any(String),
    });
    expect(page1.paging.next).toBeDefined();
    const second = await call(`${templatesUrl()}?limit=2&after=${page1.paging.cursors.after}`, {
      token: CLOUD.accessToken,
    });
    expect((second.json as Any).data.map((t: Any) => t.name)).toEqual(["promo_2"]);
    expect((second.json as Any).paging.next).toBeUndefined();
  });

  it("filters by status, and refuses a token of another business", async () => {
    h.sim.setTemplates(CLOUD.accountId, [
      { name: "ok", language: "pt_BR", components: body("a") },
      { name: "waiting", language: "pt_BR", status: "PENDING", components: body("b") },
    ]);
    const approved = await call(`${templatesUrl()}?status=APPROVED`, { token: CLOUD.accessToken });
    expect((approved.json as Any).data.map((t: Any) => t.name)).toEqual(["ok"]);
    const foreign = await call(templatesUrl(), { token: PAGE.accessToken });
    expect(foreign.status).toBe(400);
    expect((foreign.json as Any).error.code).toBe(100);
    const anonymous = await call(templatesUrl());
    expect(anonymous.status).toBe(401);
  });
});

describe("template sends", () => {
  it("accept an approved template with its parameters and show the filled body on the phone", async () => {
    h.sim.setTemplates(CLOUD.accountId, [
      { name: "boas_vindas", language: "pt_BR", components: body("Olá {{1}}, seu código é {{2}}") },
    ]);
    const reply = await send({
      name: "boas_vindas",
      language: { code: "pt_BR" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ana" },
            { type: "text", text: "42" },
          ],
        },
      ],
    });
    expect(reply.status).toBe(200);
    const phone = await call(
      `${h.sim.url}/_sim/conversations?account=${CLOUD.accountId}&contact=5511988887777`,
    );
    expect((phone.json as Any).items.at(-1)).toMatchObject({
      type: "template",
      text: "Olá Ana, seu código é 42",
    });
  });

  it("refuse an unknown or unapproved template (132001) and a wrong parameter count (132000)", async () => {
    h.sim.setTemplates(CLOUD.accountId, [
      { name: "one_param", language: "pt_BR", components: body("Oi {{1}}") },
      { name: "paused", language: "pt_BR", status: "PAUSED", components: body("x") },
    ]);
    const unknown = await send({ name: "nope", language: { code: "pt_BR" } });
    expect(unknown.status).toBe(404);
    expect((unknown.json as Any).error.code).toBe(132001);
    const otherLanguage = await send({ name: "one_param", language: { code: "en_US" } });
    expect((otherLanguage.json as Any).error.code).toBe(132001);
    const paused = await send({ name: "paused", language: { code: "pt_BR" } });
    expect((paused.json as Any).error.code).toBe(132001);
    const missing = await send({ name: "one_param", language: { code: "pt_BR" } });
    expect(missing.status).toBe(400);
    expect((missing.json as Any).error.code).toBe(132000);
    expect(h.sim.sent.every((s) => s.httpStatus >= 400)).toBe(true);
  });
});

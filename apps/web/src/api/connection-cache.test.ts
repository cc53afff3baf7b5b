import { describe, expect, it } from "vitest";
import { buildConnection } from "../test/connections";
import { applyConnectionEvent, applySavedConnection, applySessionEvent } from "./connection-cache";

describe("connection cache updates", () => {
  const cloud = buildConnection({
    id: 2,
    channel: "whatsappapi",
    verifyToken: "verify-me",
    webhookUrl: "https://inbox.test/webhooks/meta/key",
  });

  it("adds a created connection at the end and replaces an updated one in place", () => {
    const list = [buildConnection({ id: 1 }), cloud];
    const created = applyConnectionEvent(list, { action: "create", whatsapp: buildConnection({ id: 3 }) });
    expect(created.map((c) => c.id)).toEqual([1, 2, 3]);
    const renamed = applyConnectionEvent(created, {
      action: "update",
      whatsapp: buildConnection({ id: 1, name: "Suporte" }),
    });
    expect(renamed.map((c) => c.name)).toEqual(["Suporte", "Vendas", "Vendas"]);
  });

  it("keeps the manager-only webhook URL and verify token that the broadcast leaves out", () => {
    const broadcast = { ...cloud, name: "Cloud", verifyToken: null, webhookUrl: null };
    const [updated] = applyConnectionEvent([cloud], { action: "update", whatsapp: broadcast });
    expect(updated).toMatchObject({
      name: "Cloud",
      verifyToken: "verify-me",
      webhookUrl: "https://inbox.test/webhooks/meta/key",
    });
  });

  it("removes a deleted connection", () => {
    const list = [buildConnection({ id: 1 }), cloud];
    expect(applyConnectionEvent(list, { action: "delete", whatsappId: 1 })).toEqual([cloud]);
  });

  it("moves the default flag to a connection saved as default", () => {
    const list = [buildConnection({ id: 1, isDefault: true }), cloud];
    const next = applySavedConnection(list, { ...cloud, isDefault: true });
    expect(next.map((c) => c.isDefault)).toEqual([false, true]);
  });

  it("applies a session event's status and QR code to its connection only", () => {
    const list = [buildConnection({ id: 1, status: "OPENING" }), cloud];
    const next = applySessionEvent(list, {
      action: "update",
      session: { id: 1, status: "qrcode", qrcode: "2@abc" },
    });
    expect(next[0]).toMatchObject({ status: "qrcode", qrcode: "2@abc" });
    expect(next[1]).toBe(cloud);
  });
});

import { describe, expect, it } from "vitest";
import { buildConnection } from "../../test/connections";
import { connectionFormSchema, toCreateBody, toFormValues, toUpdateBody } from "./connection-form-schema";

const parse = (input: ReturnType<typeof toFormValues>) => connectionFormSchema.parse(input);

describe("connection form bodies", () => {
  it("leaves empty secrets and verify token out, and sends empty messages as null", () => {
    const values = parse({ ...toFormValues("whatsappapi"), name: "Cloud", phoneNumberId: "123" });
    const body = toCreateBody(values);
    expect(body).toMatchObject({ name: "Cloud", channel: "whatsappapi", phoneNumberId: "123", wabaId: "" });
    expect(body.greetingMessage).toBeNull();
    expect(body).not.toHaveProperty("accessToken");
    expect(body).not.toHaveProperty("appSecret");
    expect(body).not.toHaveProperty("verifyToken");
    expect(body).not.toHaveProperty("pageId");
    expect(body).not.toHaveProperty("instagramId");
  });

  it("sends a typed secret, and no channel or Meta fields for a QR-code connection update", () => {
    const cloud = parse({ ...toFormValues("whatsappapi"), name: "Cloud", accessToken: "EAAG-new" });
    expect(toUpdateBody(cloud)).toMatchObject({ accessToken: "EAAG-new" });
    expect(toUpdateBody(cloud)).not.toHaveProperty("channel");

    const qr = parse(toFormValues("whatsapp", buildConnection({ greetingMessage: "Olá!" })));
    const body = toUpdateBody(qr);
    expect(body.greetingMessage).toBe("Olá!");
    for (const field of [
      "phoneNumberId",
      "wabaId",
      "pageId",
      "instagramId",
      "accessToken",
      "appSecret",
      "verifyToken",
    ]) {
      expect(body, field).not.toHaveProperty(field);
    }
  });

  it("turns an empty number field into 0 (spec 2 section 5)", () => {
    const values = parse({ ...toFormValues("whatsapp"), name: "Vendas", timeSendQueue: "" });
    expect(values.timeSendQueue).toBe(0);
  });
});

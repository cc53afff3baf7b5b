import { CONNECTION_STATUSES } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { needsAttention, type SessionButton, sessionButtons, shouldCloseQrDialog } from "./connection-status";

describe("sessionButtons (spec 2 section 4, connection status table)", () => {
  const expected: Record<(typeof CONNECTION_STATUSES)[number], SessionButton[]> = {
    qrcode: ["showQr"],
    DISCONNECTED: ["start", "renew"],
    CONNECTED: ["stop"],
    PAIRING: ["stop"],
    TIMEOUT: ["stop"],
    OPENING: ["connecting"],
  };

  it.each(CONNECTION_STATUSES)("offers the table's actions for a QR-code connection in %s", (status) => {
    expect(sessionButtons("whatsapp", status)).toEqual(expected[status]);
  });

  it.each(["whatsappapi", "facebook", "instagram"])("offers no session action on %s", (channel) => {
    for (const status of CONNECTION_STATUSES) expect(sessionButtons(channel, status)).toEqual([]);
  });

  it("offers nothing for a status it does not know", () => {
    expect(sessionButtons("whatsapp", "SOMETHING_NEW")).toEqual([]);
  });
});

describe("needsAttention (the menu badge rule)", () => {
  it.each([
    ["qrcode", true],
    ["DISCONNECTED", true],
    ["TIMEOUT", true],
    ["PAIRING", true],
    ["CONNECTED", false],
    ["OPENING", false],
  ])("flags a connection in %s: %s", (status, flagged) => {
    expect(needsAttention([{ status: "CONNECTED" }, { status }])).toBe(flagged);
  });

  it("does not flag an empty or missing list", () => {
    expect(needsAttention([])).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
  });
});

describe("shouldCloseQrDialog", () => {
  it("keeps the modal while a QR code waits to be read", () => {
    expect(shouldCloseQrDialog({ status: "qrcode", qrcode: "2@abc" })).toBe(false);
  });

  it("closes it when the code is gone, the phone connected, or the connection was deleted", () => {
    expect(shouldCloseQrDialog({ status: "qrcode", qrcode: "" })).toBe(true);
    expect(shouldCloseQrDialog({ status: "OPENING", qrcode: null })).toBe(true);
    expect(shouldCloseQrDialog({ status: "CONNECTED", qrcode: "2@abc" })).toBe(true);
    expect(shouldCloseQrDialog(undefined)).toBe(true);
  });
});

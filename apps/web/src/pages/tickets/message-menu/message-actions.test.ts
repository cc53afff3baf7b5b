import { describe, expect, it } from "vitest";
import { buildMessage } from "../../../test/tickets";
import { canTalkTo } from "./message-actions";

describe("canTalkTo", () => {
  it("is offered on a group member's message, not when the member's number came masked (LGPD)", () => {
    expect(canTalkTo(buildMessage({ fromMe: false, participant: "5511977776666" }))).toBe(true);
    expect(canTalkTo(buildMessage({ fromMe: false, participant: "5511977**-**66" }))).toBe(false);
    expect(canTalkTo(buildMessage({ fromMe: true, participant: "5511977776666" }))).toBe(false);
    expect(canTalkTo(buildMessage({ fromMe: false, participant: null }))).toBe(false);
  });
});

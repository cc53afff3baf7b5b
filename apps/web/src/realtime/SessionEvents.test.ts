import { describe, expect, it } from "vitest";
import { isReplacedSession } from "./SessionEvents";

describe("isReplacedSession", () => {
  const me = { id: 7, tokenVersion: 3 };

  it("ends this session when my user logged in elsewhere (newer token version)", () => {
    expect(isReplacedSession({ action: "update", user: { id: 7 }, tokenVersion: 4 }, me)).toBe(true);
  });

  it("ignores the event of my own login (same token version)", () => {
    expect(isReplacedSession({ action: "update", user: { id: 7 }, tokenVersion: 3 }, me)).toBe(false);
  });

  it("ignores other users' logins", () => {
    expect(isReplacedSession({ action: "update", user: { id: 8 }, tokenVersion: 9 }, me)).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";
import {
  forgetHandovers,
  handoversStorageKey,
  parseHandovers,
  readStoredHandovers,
  STORED_HANDOVERS_LIMIT,
  serializeHandovers,
  storeHandovers,
} from "./handover-storage";

const handed = (id: number) => ({ id, uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}` });

describe("stored handovers", () => {
  it("read back what was written, in order", () => {
    const refs = [handed(4), handed(3)];
    expect(parseHandovers(serializeHandovers(refs))).toEqual(refs);
  });

  it("keep a ticket's id and address only, never its contact or messages", () => {
    const ticket = { ...handed(4), contact: { name: "Maria", number: "5511988887777" }, lastMessage: "Oi" };
    expect(JSON.parse(serializeHandovers([ticket]))).toEqual([handed(4)]);
  });

  it("keep only the newest ones", () => {
    const many = Array.from({ length: STORED_HANDOVERS_LIMIT + 10 }, (_, i) => handed(100 - i));
    const kept = parseHandovers(serializeHandovers(many));
    expect(kept).toHaveLength(STORED_HANDOVERS_LIMIT);
    expect(kept[0]?.id).toBe(100);
    expect(kept.at(-1)?.id).toBe(100 - STORED_HANDOVERS_LIMIT + 1);
    // A longer list written by hand is cut on reading too.
    expect(parseHandovers(JSON.stringify(many))).toHaveLength(STORED_HANDOVERS_LIMIT);
  });

  it("read as nothing when missing or unreadable, and lose only the entries that name no ticket", () => {
    expect(parseHandovers(null)).toEqual([]);
    expect(parseHandovers("{not json")).toEqual([]);
    expect(parseHandovers('{"id":3}')).toEqual([]);
    expect(
      parseHandovers(
        JSON.stringify([{ id: 3 }, { id: -1, uuid: "x" }, "ticket", null, handed(4), handed(4)]),
      ),
    ).toEqual([handed(4)]);
  });

  it("are kept per user, and an emptied list leaves no key behind", () => {
    storeHandovers(7, [handed(3)]);
    expect(localStorage.getItem(handoversStorageKey(7))).not.toBeNull();
    expect(readStoredHandovers(7)).toEqual([handed(3)]);
    expect(readStoredHandovers(8)).toEqual([]);
    storeHandovers(7, []);
    expect(localStorage.getItem(handoversStorageKey(7))).toBeNull();
  });

  it("are all forgotten at sign-out, and nothing else is", () => {
    storeHandovers(7, [handed(3)]);
    storeHandovers(8, [handed(4)]);
    localStorage.setItem("pref:7:volume", "0.5");
    forgetHandovers();
    expect(readStoredHandovers(7)).toEqual([]);
    expect(readStoredHandovers(8)).toEqual([]);
    expect(localStorage.getItem("pref:7:volume")).toBe("0.5");
  });

  it("never throw when the storage refuses", () => {
    storeHandovers(7, [handed(3)]);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("disabled", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(readStoredHandovers(7)).toEqual([]);
    expect(() => storeHandovers(7, [handed(4)])).not.toThrow();
  });
});

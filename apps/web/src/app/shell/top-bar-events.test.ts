import type { AnnouncementDto, ChatDto } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { type AnnouncementPages, applyAnnouncementEvent } from "../../api/announcements";
import { applyChatEvent, type ChatPages, unreadsFor } from "../../api/chats";

const announcement = (id: number, createdAt: string, title = `Aviso ${id}`): AnnouncementDto => ({
  id,
  title,
  text: "",
  mediaPath: null,
  mediaName: null,
  priority: 3,
  companyId: 1,
  createdAt,
});

const chat = (id: number, updatedAt: string, users: ChatDto["users"]): ChatDto => ({
  id,
  uuid: `u${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: "",
  updatedAt,
  users,
});
const member = (userId: number, unreads = 0) => ({
  userId,
  unreads,
  user: { id: userId, name: `U${userId}` },
});

const pagesOf = <T>(...pages: T[][]) => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((records) => ({ records, count: 0, hasMore: false })),
});
const ids = (data: { pages: { records: { id: number }[] }[] } | undefined) =>
  data?.pages.map((page) => page.records.map((record) => record.id));

describe("announcement events on the cached pages", () => {
  const data: AnnouncementPages = pagesOf(
    [announcement(3, "2026-03-03"), announcement(2, "2026-03-02")],
    [announcement(1, "2026-03-01")],
  );

  it("puts a new one in by date on the first page", () => {
    const next = applyAnnouncementEvent(data, { action: "create", record: announcement(4, "2026-03-04") });
    expect(ids(next)).toEqual([[4, 3, 2], [1]]);
  });

  it("replaces an updated one where it is, on any page", () => {
    const next = applyAnnouncementEvent(data, {
      action: "update",
      record: announcement(1, "2026-03-01", "Novo título"),
    });
    expect(ids(next)).toEqual([[3, 2], [1]]);
    expect(next?.pages[1]?.records[0]?.title).toBe("Novo título");
  });

  it("drops a deleted or deactivated one", () => {
    expect(ids(applyAnnouncementEvent(data, { action: "delete", id: "2" }))).toEqual([[3], [1]]);
    const off = applyAnnouncementEvent(data, {
      action: "update",
      record: { ...announcement(1, "2026-03-01"), status: false },
    });
    expect(ids(off)).toEqual([[3, 2], []]);
  });

  it("leaves a list not loaded yet alone", () => {
    expect(applyAnnouncementEvent(undefined, { action: "delete", id: 1 })).toBeUndefined();
  });
});

describe("chat events on the cached pages", () => {
  const data: ChatPages = pagesOf(
    [chat(3, "2026-03-03", [member(7)]), chat(2, "2026-03-02", [member(7)])],
    [chat(1, "2026-03-01", [member(7)])],
  );

  it("moves a chat with a new message from a later page to the top", () => {
    const next = applyChatEvent(
      data,
      { action: "new-message", chat: chat(1, "2026-03-05", [member(7, 2)]) },
      7,
    );
    expect(ids(next)).toEqual([[1, 3, 2], []]);
    expect(unreadsFor(next!.pages[0]!.records[0]!, 7)).toBe(2);
  });

  it("takes a created chat as `record`, only when I take part in it", () => {
    expect(
      ids(applyChatEvent(data, { action: "create", record: chat(4, "2026-03-04", [member(7)]) }, 7)),
    ).toEqual([[4, 3, 2], [1]]);
    expect(
      ids(applyChatEvent(data, { action: "create", record: chat(4, "2026-03-04", [member(8)]) }, 7)),
    ).toEqual([[3, 2], [1]]);
  });

  it("drops a chat I was removed from, and a deleted one", () => {
    expect(
      ids(applyChatEvent(data, { action: "update", chat: chat(2, "2026-03-06", [member(8)]) }, 7)),
    ).toEqual([[3], [1]]);
    expect(ids(applyChatEvent(data, { action: "delete", id: 3 }, 7))).toEqual([[2], [1]]);
  });

  it("counts only my own unreads", () => {
    expect(unreadsFor(chat(1, "2026-03-01", [member(7, 0), member(8, 5)]), 7)).toBe(0);
    expect(unreadsFor(chat(1, "2026-03-01", [member(8, 5)]), 7)).toBe(0);
  });
});

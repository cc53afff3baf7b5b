import { describe, expect, it } from "vitest";
import { canSeeTicket, ticketListQuery, ticketScope } from "./index.js";

describe("ticketListQuery", () => {
  it("reads id lists as repeated keys, a JSON array or a comma list; 0 is 'without queue'", () => {
    expect(ticketListQuery.parse({ queueIds: ["1", "2"] }).queueIds).toEqual([1, 2]);
    expect(ticketListQuery.parse({ queueIds: "[0,3]" }).queueIds).toEqual([0, 3]);
    expect(ticketListQuery.parse({ queueIds: "4, 5" }).queueIds).toEqual([4, 5]);
    expect(ticketListQuery.parse({ queueIds: "" }).queueIds).toEqual([]);
    expect(ticketListQuery.safeParse({ whatsapps: "0" }).success).toBe(false);
    expect(ticketListQuery.safeParse({ queueIds: "x" }).success).toBe(false);
  });

  it("defaults: page 1, no show-all, newest first", () => {
    expect(ticketListQuery.parse({})).toMatchObject({
      pageNumber: 1,
      showAll: false,
      sortTickets: "DESC",
      searchParam: "",
      withUnreadMessages: false,
    });
    expect(ticketListQuery.parse({ showAll: "true", statusFilter: '["open"]' })).toMatchObject({
      showAll: true,
      statusFilter: ["open"],
    });
  });
});

describe("canSeeTicket (spec 1 section 6)", () => {
  const attendant = {
    id: 7,
    profile: "user",
    super: false,
    allTicket: "disable",
    allUserChat: "disabled",
    allowGroup: false,
    queueIds: [1],
  };
  const ticket = (
    over: Partial<{ status: string; userId: number | null; queueId: number | null; isGroup: boolean }>,
  ) => ({
    status: "pending",
    userId: null,
    queueId: 1,
    isGroup: false,
    ...over,
  });

  it("own tickets anywhere, unassigned or pending ones of own queues, nothing else", () => {
    const scope = ticketScope(attendant, false);
    expect(canSeeTicket(scope, ticket({ status: "open", userId: 7, queueId: 2 }))).toBe(true);
    expect(canSeeTicket(scope, ticket({}))).toBe(true);
    expect(canSeeTicket(scope, ticket({ status: "open", userId: 8 }))).toBe(false);
    expect(canSeeTicket(scope, ticket({ queueId: 2 }))).toBe(false);
    expect(canSeeTicket(scope, ticket({ queueId: null }))).toBe(false);
    expect(
      canSeeTicket(ticketScope({ ...attendant, allTicket: "enable" }, false), ticket({ queueId: null })),
    ).toBe(true);
  });

  it("show-all only for admins and allUserChat; groups only with allowGroup", () => {
    expect(ticketScope(attendant, true).all).toBe(false);
    expect(ticketScope({ ...attendant, allUserChat: "enabled" }, true).all).toBe(true);
    const admin = ticketScope({ ...attendant, profile: "admin" }, true);
    expect(canSeeTicket(admin, ticket({ status: "open", userId: 99, queueId: 5 }))).toBe(true);
    const group = ticket({ status: "group", isGroup: true, queueId: null });
    expect(canSeeTicket(ticketScope({ ...attendant, allUserChat: "enabled" }, true), group)).toBe(false);
    expect(canSeeTicket(ticketScope({ ...attendant, allowGroup: true }, false), group)).toBe(true);
  });
});

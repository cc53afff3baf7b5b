import type { MessageDto } from "@inbox/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, serveConversation } from "../../test/conversation";
import { buildUser } from "../../test/render";
import { buildMessage, buildTicket } from "../../test/tickets";
import { dayLabel } from "./conversation/day-separators";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7 });

/** A conversation served page by page: `pages[0]` is the newest. */
function servePages(pages: MessageDto[][]) {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return serveConversation(ticket, [], {
    "GET /messages/4": (request) => {
      const pageNumber = Number(request.search.get("pageNumber") ?? 1);
      return { messages: pages[pageNumber - 1] ?? [], ticket, count, hasMore: pageNumber < pages.length };
    },
  });
}

/** Noon, `days` days ago, local time. */
function daysAgo(days: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12, 0, 0);
}
const ddMMyyyy = (date: Date) =>
  `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;

const chips = () =>
  Array.from(document.querySelectorAll("[data-day-separator]")).map((chip) => chip.textContent);

/** jsdom does no layout: the scroll box's sizes and position are given by the test. */
function fakeScrollBox(element: HTMLElement, size: { height: number }) {
  let top = 0;
  Object.defineProperty(element, "scrollHeight", { configurable: true, get: () => size.height });
  Object.defineProperty(element, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(element, "scrollTop", {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
    },
  });
}

describe("dayLabel", () => {
  it("says today, yesterday, else the date in the user's language", () => {
    const now = new Date(2026, 10, 27, 9, 30);
    const texts = { today: "Hoje", yesterday: "Ontem" };
    expect(dayLabel(new Date(2026, 10, 27, 0, 5).toISOString(), "pt-BR", texts, now)).toBe("Hoje");
    expect(dayLabel(new Date(2026, 10, 26, 23, 59).toISOString(), "pt-BR", texts, now)).toBe("Ontem");
    expect(dayLabel(new Date(2026, 10, 25, 12).toISOString(), "pt-BR", texts, now)).toBe("25/11/2026");
    expect(dayLabel(new Date(2025, 11, 31, 12).toISOString(), "en-US", texts, now)).toBe("12/31/2025");
    // Across a month's turn.
    expect(dayLabel(new Date(2026, 10, 30, 20).toISOString(), "pt-BR", texts, new Date(2026, 11, 1, 8))).toBe(
      "Ontem",
    );
  });
});

describe("date separators", () => {
  it("puts a chip before each day's first message, also when an older page is prepended", async () => {
    const threeDays = daysAgo(3);
    const fiveDays = daysAgo(5);
    servePages([
      [
        buildMessage({ id: 10, ticketId: 4, body: "antes de ontem", createdAt: threeDays.toISOString() }),
        buildMessage({ id: 11, ticketId: 4, body: "ontem 1", createdAt: daysAgo(1).toISOString() }),
        buildMessage({ id: 12, ticketId: 4, body: "ontem 2", createdAt: daysAgo(1).toISOString() }),
        buildMessage({ id: 13, ticketId: 4, body: "hoje", createdAt: new Date().toISOString() }),
      ],
      [
        buildMessage({ id: 1, ticketId: 4, body: "bem antiga", createdAt: fiveDays.toISOString() }),
        buildMessage({
          id: 2,
          ticketId: 4,
          body: "mesmo dia",
          createdAt: new Date(threeDays.getTime() - 3_600_000).toISOString(),
        }),
      ],
    ]);
    renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: 15_000 });
    await within(list).findByText("hoje");
    expect(chips()).toEqual([ddMMyyyy(threeDays), "Ontem", "Hoje"]);
    // Scrolling to the top prepends the older page.
    const box = list.parentElement as HTMLElement;
    fakeScrollBox(box, { height: 1000 });
    box.scrollTop = 0;
    fireEvent.scroll(box);
    await within(list).findByText("bem antiga");
    expect(chips()).toEqual([ddMMyyyy(fiveDays), ddMMyyyy(threeDays), "Ontem", "Hoje"]);
    // The chips are not messages: the list's items are the six messages.
    expect(within(list).getAllByRole("listitem")).toHaveLength(6);
    // The chip of the older page's last day comes before its first message of that day, once.
    const order = Array.from(list.children).map((child) =>
      child.hasAttribute("data-day-separator") ? `[${child.textContent}]` : (child.textContent ?? ""),
    );
    const chipAt = order.indexOf(`[${ddMMyyyy(threeDays)}]`);
    expect(order[chipAt + 1]).toContain("mesmo dia");
    expect(order[chipAt + 2]).toContain("antes de ontem");
  });
});

describe("opening at the newest message", () => {
  it("stays at the bottom while images load, until the user scrolls up", async () => {
    servePages([
      [
        buildMessage({ id: 1, ticketId: 4, body: "oi" }),
        buildMessage({
          id: 2,
          ticketId: 4,
          mediaType: "image",
          mediaUrl: "/public/company2/media/a.jpg",
          body: "",
        }),
        buildMessage({
          id: 3,
          ticketId: 4,
          mediaType: "image",
          mediaUrl: "/public/company2/media/b.jpg",
          body: "",
        }),
      ],
    ]);
    renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: 15_000 });
    const box = list.parentElement as HTMLElement;
    const size = { height: 1000 };
    fakeScrollBox(box, size);
    box.scrollTop = 700;
    fireEvent.scroll(box);
    const [first, second] = Array.from(list.querySelectorAll("img"));

    // The first image loads: the content is 400 px taller and the view follows it to the bottom.
    size.height = 1400;
    fireEvent.load(first as HTMLImageElement);
    expect(box.scrollTop).toBe(1400);

    // The user scrolls up to read; the second image loading does not pull the view down.
    box.scrollTop = 200;
    fireEvent.scroll(box);
    size.height = 1800;
    fireEvent.load(second as HTMLImageElement);
    await waitFor(() => expect(box.scrollTop).toBe(200));
  });
});

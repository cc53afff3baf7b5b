import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { titleWithBadge, titleWithoutBadge, useTitleBadge } from "./title-badge";

describe("titleWithBadge", () => {
  it("returns the bare title when nothing is unread", () => {
    expect(titleWithBadge("Inbox", 0)).toBe("Inbox");
    expect(titleWithBadge("Inbox", -3)).toBe("Inbox");
  });

  it("uses circled digits from 1 to 20", () => {
    expect(titleWithBadge("Inbox", 1)).toBe("① Inbox");
    expect(titleWithBadge("Inbox", 2)).toBe("② Inbox");
    expect(titleWithBadge("Inbox", 10)).toBe("⑩ Inbox");
    expect(titleWithBadge("Inbox", 20)).toBe("⑳ Inbox");
  });

  it("uses (N) above 20", () => {
    expect(titleWithBadge("Inbox", 21)).toBe("(21) Inbox");
    expect(titleWithBadge("Inbox", 150)).toBe("(150) Inbox");
  });
});

describe("titleWithoutBadge", () => {
  it("takes off the badge titleWithBadge put in front", () => {
    for (const count of [0, 1, 7, 20, 21, 300]) {
      expect(titleWithoutBadge(titleWithBadge("Inbox (beta)", count))).toBe("Inbox (beta)");
    }
  });
});

describe("useTitleBadge", () => {
  it("badges the document title with the count and restores the bare title when unmounted", () => {
    document.title = "Inbox";
    const { rerender, unmount } = renderHook(({ count }) => useTitleBadge(count), {
      initialProps: { count: 3 },
    });
    expect(document.title).toBe("③ Inbox");
    rerender({ count: 42 });
    expect(document.title).toBe("(42) Inbox");
    rerender({ count: 0 });
    expect(document.title).toBe("Inbox");
    rerender({ count: 1 });
    unmount();
    expect(document.title).toBe("Inbox");
  });
});

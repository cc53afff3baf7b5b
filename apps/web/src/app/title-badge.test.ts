import { describe, expect, it } from "vitest";
import { titleWithBadge } from "./title-badge";

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

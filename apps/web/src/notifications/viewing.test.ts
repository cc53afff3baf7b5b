import { describe, expect, it } from "vitest";
import { clearViewing, publishViewing, TAB_ID, VIEWING_MAX_AGE_MS, viewedElsewhere } from "./viewing";

describe("the ticket viewed in the app's focused window, shared between tabs", () => {
  it("is seen by the other tabs, not by the tab that wrote it", () => {
    publishViewing("abc", "tab-a", 1000);
    expect(viewedElsewhere("tab-b", 2000)).toEqual({ uuid: "abc" });
    expect(viewedElsewhere("tab-a", 2000)).toBeUndefined();
    publishViewing(null, "tab-a", 3000);
    expect(viewedElsewhere("tab-b", 3000)).toEqual({ uuid: null });
  });

  it("goes stale, so a crashed tab does not silence the others for long", () => {
    publishViewing("abc", "tab-a", 1000);
    expect(viewedElsewhere("tab-b", 1000 + VIEWING_MAX_AGE_MS)).toEqual({ uuid: "abc" });
    expect(viewedElsewhere("tab-b", 1001 + VIEWING_MAX_AGE_MS)).toBeUndefined();
  });

  it("is cleared only by the tab that wrote it", () => {
    publishViewing("abc", "tab-a", 1000);
    clearViewing("tab-b");
    expect(viewedElsewhere("tab-b", 1000)).toEqual({ uuid: "abc" });
    clearViewing("tab-a");
    expect(viewedElsewhere("tab-b", 1000)).toBeUndefined();
  });

  it("ignores a broken record", () => {
    localStorage.setItem("notifications.viewing", "{not json");
    expect(viewedElsewhere("tab-b")).toBeUndefined();
    expect(typeof TAB_ID).toBe("string");
  });
});

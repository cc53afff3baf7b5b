import { LIMITS } from "@inbox/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PRIVATE_STORAGE_KEY } from "../pages/tickets/input/MessageInput";
import { renderTickets, requests, serveTickets } from "../pages/tickets/manager/manager-test-harness";
import { buildUser } from "../test/render";
import { clearSessionStorage, readPreference, setPreferenceOwner, writePreference } from "./preferences";
import { readVolume } from "./volume";

afterEach(() => setPreferenceOwner(null));

const ana = buildUser({ id: 1, profile: "admin", companyId: 2 });
const bruno = buildUser({ id: 2, profile: "admin", companyId: 2 });
const lists = { "GET /queue": () => [{ id: 5, name: "Suporte", color: "#123456" }] };

describe("saved preferences, per user on this browser", () => {
  it("keeps each user's volume and toggles apart: another user starts from the defaults", () => {
    setPreferenceOwner(ana.id);
    writePreference(LIMITS.volumeStorageKey, "0.3");
    writePreference(PRIVATE_STORAGE_KEY, "true");
    expect(readVolume()).toBe(0.3);

    setPreferenceOwner(bruno.id);
    expect(readVolume()).toBe(LIMITS.defaultVolume);
    expect(readPreference(PRIVATE_STORAGE_KEY)).toBeNull();

    setPreferenceOwner(ana.id);
    expect(readVolume()).toBe(0.3);
    expect(readPreference(PRIVATE_STORAGE_KEY)).toBe("true");
  });

  it("a login elsewhere clears the session's storage but not the saved preferences", () => {
    setPreferenceOwner(ana.id);
    writePreference(LIMITS.volumeStorageKey, "0.5");
    localStorage.setItem("token", JSON.stringify("secret"));
    clearSessionStorage();
    expect(localStorage.getItem("token")).toBeNull();
    expect(readVolume()).toBe(0.5);
  });

  it("the tickets screen's tab, show-all and order survive a reload and a new sign-in of the same user only", async () => {
    setPreferenceOwner(ana.id);
    let seen = serveTickets({}, lists);
    renderTickets(ana);
    fireEvent.click(await screen.findByRole("switch", { name: "Todos" }));
    fireEvent.click(screen.getByRole("button", { name: "Mais antigos primeiro" }));
    fireEvent.click(screen.getByRole("tab", { name: "Resolvidos" }));
    await waitFor(() =>
      expect(requests(seen, "GET", "/tickets").some((r) => r.search.get("status") === "closed")).toBe(true),
    );
    cleanup();

    // Signed out and in again (or reloaded): the same choices.
    setPreferenceOwner(null);
    setPreferenceOwner(ana.id);
    seen = serveTickets({}, lists);
    renderTickets(ana);
    expect((await screen.findByRole("tab", { name: "Resolvidos" })).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect((screen.getByRole("switch", { name: "Todos" }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(requests(seen, "GET", "/tickets").length).toBeGreaterThan(0));
    const open = requests(seen, "GET", "/tickets").find((r) => r.search.get("status") === "open");
    expect(open?.search.get("showAll")).toBe("true");
    expect(open?.search.get("sortTickets")).toBe("ASC");
    cleanup();

    // Another user on the same browser: the defaults.
    setPreferenceOwner(bruno.id);
    seen = serveTickets({}, lists);
    renderTickets(bruno);
    expect((await screen.findByRole("tab", { name: "Abertas" })).getAttribute("aria-selected")).toBe("true");
    expect((screen.getByRole("switch", { name: "Todos" }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(requests(seen, "GET", "/tickets").length).toBeGreaterThan(0));
    expect(requests(seen, "GET", "/tickets").every((r) => r.search.get("showAll") === "false")).toBe(true);
  });
});

import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import EmojiPickerPanel from "./EmojiPickerPanel";

// jsdom has no IntersectionObserver (the picker watches which category is in view).
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe("the composer's emoji picker", () => {
  beforeEach(() => vi.stubGlobal("IntersectionObserver", IntersectionObserverStub));
  afterEach(() => vi.unstubAllGlobals());

  it("offers a search in Portuguese and the categories with Portuguese names", async () => {
    const onPick = vi.fn();
    render(<EmojiPickerPanel onPick={onPick} />);
    expect(((await screen.findByRole("textbox")) as HTMLInputElement).placeholder).toBe("Pesquisar emoji");
    expect(screen.getAllByText("Carinhas e pessoas").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Bandeiras").length).toBeGreaterThan(0);
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AttachmentsDialog } from "./AttachmentsDialog";

describe("attachments preview", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps each preview address alive while shown (StrictMode, caption typing) and frees it on close", () => {
    let made = 0;
    const revoked = new Set<string>();
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: () => `blob:preview-${++made}`,
        revokeObjectURL: (url: string) => revoked.add(url),
      }),
    );
    const photo = new File(["jpeg"], "foto.jpg", { type: "image/jpeg" });
    const view = render(
      <StrictMode>
        <AttachmentsDialog files={[photo]} busy={false} onSend={() => {}} onClose={() => {}} />
      </StrictMode>,
    );
    const image = screen.getByRole("img", { name: "foto.jpg" });
    const shown = () => image.getAttribute("src") ?? "";
    expect(shown()).toMatch(/^blob:preview-/);
    expect(revoked.has(shown())).toBe(false);
    const before = made;
    fireEvent.change(screen.getByRole("textbox", { name: "Legenda de foto.jpg" }), {
      target: { value: "Olá" },
    });
    expect(made).toBe(before);
    expect(revoked.has(shown())).toBe(false);
    const last = shown();
    view.unmount();
    expect(revoked.has(last)).toBe(true);
  });
});

import type { HelpDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { buildHelp } from "../../test/helps";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { HelpsPage } from "./HelpsPage";

function serve(helps: HelpDto[] | "fails") {
  configureApiClient({
    fetch: async (url, init) => {
      if ((init.method ?? "GET") === "GET" && url === "/helps/list")
        return helps === "fails"
          ? Response.json({ error: "ERR_INTERNAL", message: "x" }, { status: 500 })
          : Response.json(helps);
      return unknownRequest(init.method, url);
    },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <HelpsPage />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser() }) },
  );
}

describe("HelpsPage", () => {
  it("shows a card per video with its YouTube thumbnail, title and description, and the count in the title", async () => {
    serve([
      buildHelp(),
      buildHelp({ id: 2, title: "Filas", description: "Criar filas", video: "abc_DEF-123" }),
    ]);
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Ajuda (2)" })).toBeTruthy();
    const card = screen.getByRole("button", { name: "Assistir: Filas" });
    expect(within(card).getByText("Criar filas")).toBeTruthy();
    expect(card.querySelector("img")?.getAttribute("src")).toBe(
      "https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg",
    );
  });

  it("offline, a thumbnail that fails is replaced by a placeholder, never a broken image", async () => {
    serve([buildHelp()]);
    renderPage();
    const card = await screen.findByRole("button", { name: "Assistir: Primeiros passos" });
    fireEvent.error(card.querySelector("img") as HTMLImageElement);
    expect(card.querySelector("img")).toBeNull();
    expect(within(card).getByTestId("video-placeholder")).toBeTruthy();
  });

  it("a card opens the no-cookie player in a modal; Escape closes it", async () => {
    serve([buildHelp()]);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Assistir: Primeiros passos" }));
    const dialog = await screen.findByRole("dialog", { name: "Primeiros passos" });
    const frame = dialog.querySelector("iframe");
    expect(frame?.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    expect(frame?.getAttribute("referrerpolicy")).toBe("strict-origin-when-cross-origin");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the empty state and the load failure", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("Nenhum vídeo de ajuda cadastrado.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Ajuda (0)" })).toBeTruthy();
  });

  it("says when the list cannot load", async () => {
    serve("fails");
    renderPage();
    expect(await screen.findByText("Não foi possível carregar a lista de registros")).toBeTruthy();
  });
});

import type { AnnouncementDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { AnnouncementsPage } from "./AnnouncementsPage";

const announcement = (overrides: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id: 1,
  title: "Manutenção",
  text: "Às 22h",
  mediaPath: null,
  mediaName: null,
  priority: 1,
  companyId: 1,
  createdAt: "2026-01-01T10:00:00.000Z",
  status: false,
  ...overrides,
});

function serve(records: AnnouncementDto[]) {
  const seen: { method: string; url: string; body: unknown }[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      if (method === "GET" && url.startsWith("/announcements/?"))
        return Response.json({ records, count: records.length, hasMore: false });
      if (method === "POST" && url === "/announcements")
        return Response.json(announcement({ id: 2, ...(body as object) }), { status: 201 });
      if (method === "DELETE" && url === "/announcements/1") return Response.json({ message: "ok" });
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <AnnouncementsPage />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ super: true, profile: "admin" }) }) },
  );
}

describe("AnnouncementsPage", () => {
  it("lists title, priority, attachment and status; deletes after confirmation", async () => {
    const seen = serve([announcement()]);
    renderPage();
    const row = (await screen.findByText("Manutenção")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Alta")).toBeTruthy();
    expect(within(row).getByText("Sem anexo")).toBeTruthy();
    expect(within(row).getByText("Inativo")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Excluir Manutenção" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Manutenção?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(seen.some((r) => r.method === "DELETE")).toBe(true));
  });

  it("on a phone shows one card per announcement with its fields and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve([announcement()]);
      renderPage();
      const card = (await screen.findByText("Manutenção")).closest("li") as HTMLElement;
      expect(screen.queryByRole("table")).toBeNull();
      expect(within(card).getByText("Alta")).toBeTruthy();
      expect(within(card).getByText("Sem anexo")).toBeTruthy();
      expect(within(card).getByRole("button", { name: "Excluir Manutenção" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("creates one: title and text required, priority and status sent; a non-image file is refused", async () => {
    const seen = serve([]);
    renderPage();
    expect(await screen.findByText("Nenhum informativo cadastrado.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Novo informativo" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Título/ }), {
      target: { value: "Novidade" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Texto/ }), {
      target: { value: "Chegou" },
    });
    const pdf = new File(["%PDF"], "doc.pdf", { type: "application/pdf" });
    fireEvent.change(within(dialog).getByLabelText("Anexar imagem", { selector: "input" }), {
      target: { files: [pdf] },
    });
    expect(within(dialog).getByRole("alert").textContent).toBe("Apenas arquivos .png, .jpg ou .jpeg");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      title: "Novidade",
      text: "Chegou",
      priority: 3,
      status: true,
    });
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../../api/client";
import { authValue, buildUser, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { ContentDialog } from "./ContentDialog";
import { IntegrationDialog } from "./IntegrationDialog";
import { IntervalDialog } from "./IntervalDialog";
import { MenuDialog } from "./MenuDialog";
import { RandomizerDialog } from "./RandomizerDialog";
import { TicketDialog } from "./TicketDialog";

/** The node editors' checks (spec 3 section 5), with the spec's messages, in create and edit modes. */

function renderDialog(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, {
    auth: authValue({ user: buildUser({ profile: "admin" }) }),
  });
}

const submit = (name = "Adicionar") => fireEvent.click(screen.getByRole("button", { name }));
const alertText = () => screen.getByRole("alert").textContent;

describe("flow node dialogs", () => {
  it("interval: empty or ≤0, and above 120, are refused with the spec's messages; 5 is saved", () => {
    const onSave = vi.fn();
    renderDialog(<IntervalDialog mode="create" data={{}} onSave={onSave} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Adicionar Intervalo" })).toBeTruthy();
    const field = screen.getByLabelText("Tempo em segundos");
    submit();
    expect(screen.getByText("Adicione o valor de intervalo")).toBeTruthy();
    fireEvent.change(field, { target: { value: "0" } });
    submit();
    expect(screen.getByText("Adicione o valor de intervalo")).toBeTruthy();
    fireEvent.change(field, { target: { value: "121" } });
    submit();
    expect(screen.getByText("Máximo de tempo atingido 120 segundos")).toBeTruthy();
    fireEvent.change(field, { target: { value: "5" } });
    submit();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ sec: 5 }));
  });

  it("interval in edit mode: the stored value, 'Editar Intervalo' and Salvar", () => {
    const onSave = vi.fn();
    renderDialog(
      <IntervalDialog mode="edit" data={{ sec: 30, extra: 1 }} onSave={onSave} onClose={() => {}} />,
    );
    expect(screen.getByRole("dialog", { name: "Editar Intervalo" })).toBeTruthy();
    expect((screen.getByLabelText("Tempo em segundos") as HTMLInputElement).value).toBe("30");
    submit("Salvar");
    expect(onSave).toHaveBeenCalledWith({ sec: 30, extra: 1, label: "30s" });
  });

  it("content: empty text, an interval of 0 or above 120, and unfilled file cards are refused", () => {
    const onSave = vi.fn();
    renderDialog(<ContentDialog mode="create" data={{}} onSave={onSave} onClose={() => {}} />);
    submit();
    expect(alertText()).toBe("O conteúdo precisa de ao menos um item");

    fireEvent.click(screen.getByRole("button", { name: "Texto" }));
    submit();
    expect(alertText()).toBe("Campos de mensagem vazio!");
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Olá" } });

    fireEvent.click(screen.getByRole("button", { name: "Intervalo" }));
    const seconds = screen.getByLabelText("Tempo em segundos");
    for (const value of ["0", "121"]) {
      fireEvent.change(seconds, { target: { value } });
      submit();
      expect(alertText()).toBe("Intervalo não pode ser 0 ou maior que 120!");
    }
    fireEvent.change(seconds, { target: { value: "3" } });

    fireEvent.click(screen.getByRole("button", { name: "Imagem" }));
    submit();
    expect(alertText()).toBe("Delete os cards vazios(Imagem, Audio e Video)");
    expect(onSave).not.toHaveBeenCalled();

    // Removing the empty card saves the items in their order, numbered by kind.
    fireEvent.click(screen.getByRole("button", { name: "Remover item Imagem" }));
    fireEvent.click(screen.getByRole("button", { name: "Mover para cima Intervalo" }));
    submit();
    return waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        seq: ["interval1", "message1"],
        elements: [
          { number: "interval1", value: "3" },
          { number: "message1", value: "Olá" },
        ],
      }),
    );
  });

  it("content: a file above its limit or of another type is not taken", () => {
    renderDialog(<ContentDialog mode="create" data={{}} onSave={() => {}} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Imagem" }));
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "foto.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("file-image"), { target: { files: [big] } });
    expect(alertText()).toBe("Arquivo é muito grande! 2MB máximo");
    const gif = new File(["GIF89a"], "anim.gif", { type: "image/gif" });
    fireEvent.change(screen.getByTestId("file-image"), { target: { files: [gif] } });
    expect(alertText()).toContain("png, jpg, jpeg");
  });

  it("menu: needs a message and filled options; options keep their numbers", () => {
    const onSave = vi.fn();
    renderDialog(<MenuDialog mode="create" data={{}} onSave={onSave} onClose={() => {}} />);
    submit();
    expect(alertText()).toBe("Campos de mensagem vazio!");
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Escolha" } });
    submit();
    expect(alertText()).toBe("Preencha todas as opções");
    fireEvent.change(screen.getByLabelText("Opção 1"), { target: { value: "Vendas" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(screen.getByLabelText("Opção 2"), { target: { value: "Suporte" } });
    fireEvent.click(screen.getByRole("button", { name: "Remover opção 1" }));
    submit();
    expect(onSave).toHaveBeenCalledWith({
      message: "Escolha",
      arrayOption: [{ number: 2, value: "Suporte" }],
    });
  });

  it("randomizer: 0 % reuses the interval rule's message", () => {
    const onSave = vi.fn();
    renderDialog(<RandomizerDialog mode="edit" data={{ percent: 0 }} onSave={onSave} onClose={() => {}} />);
    submit("Salvar");
    expect(alertText()).toBe("Adicione o valor de intervalo");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("ticket: 'Adicione uma fila' without a queue; a queue and a user are saved", async () => {
    configureApiClient({
      fetch: async (url, init) => {
        if (url === "/queue") return Response.json([{ id: 4, name: "Vendas", color: "#123456" }]);
        if (url === "/users/list") return Response.json([{ id: 8, name: "Bruno" }]);
        return unknownRequest(init.method, url);
      },
    });
    const onSave = vi.fn();
    renderDialog(<TicketDialog mode="create" data={{}} onSave={onSave} onClose={() => {}} />);
    submit();
    expect(screen.getByText("Adicione uma fila")).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Usuário (opcional)" }));
    fireEvent.click(await screen.findByRole("option", { name: "Bruno" }));
    submit();
    expect(onSave).toHaveBeenCalledWith({ queue: { id: 4, name: "Vendas" }, userId: 8, userName: "Bruno" });
  });

  it("integration: lists webhook integrations only; 'Selecione uma integração' without a choice", async () => {
    const integration = (id: number, name: string, type: string) => ({
      id,
      name,
      type,
      urlN8N: `https://h/${id}`,
    });
    configureApiClient({
      fetch: async (url, init) => {
        if (url.startsWith("/queueIntegration?"))
          return Response.json({
            queueIntegrations: [integration(1, "CRM", "webhook"), integration(2, "Bot", "typebot")],
            count: 2,
            hasMore: false,
          });
        return unknownRequest(init.method, url);
      },
    });
    const onSave = vi.fn();
    renderDialog(<IntegrationDialog mode="create" data={{}} onSave={onSave} onClose={() => {}} />);
    expect(await screen.findByText("CRM")).toBeTruthy();
    expect(screen.queryByText("Bot")).toBeNull();
    submit();
    expect(alertText()).toBe("Selecione uma integração");
    fireEvent.click(screen.getByText("CRM"));
    submit();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ integrationId: 1, name: "CRM", type: "webhook", webhookUrl: "https://h/1" }),
    );
  });
});

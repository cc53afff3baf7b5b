import { createTheme } from "@mui/material";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { FlowTestPanel } from "./FlowTestPanel";

const graph = {
  nodes: [
    { id: "s", type: "start", position: { x: 0, y: 0 }, data: {} },
    { id: "hello", type: "message", position: { x: 1, y: 0 }, data: { label: "Olá {{firstName}}!" } },
    {
      id: "menu",
      type: "menu",
      position: { x: 2, y: 0 },
      data: { message: "Escolha", arrayOption: [{ number: 1, value: "Preço" }] },
    },
    {
      id: "cond",
      type: "condition",
      position: { x: 3, y: 0 },
      data: { key: "nome", condition: 1, value: "contato teste" },
    },
    { id: "yes", type: "message", position: { x: 4, y: 0 }, data: { label: "Custa 10" } },
    { id: "no", type: "message", position: { x: 4, y: 1 }, data: { label: "nunca" } },
  ],
  connections: [
    { source: "s", target: "hello" },
    { source: "hello", target: "menu" },
    { source: "menu", target: "cond", sourceHandle: "a1" },
    { source: "cond", target: "yes", sourceHandle: "a" },
    { source: "cond", target: "no", sourceHandle: "b" },
  ],
};

const lines = () =>
  within(screen.getByTestId("flow-test-lines"))
    .queryAllByRole("generic", { hidden: true })
    .filter((el) => el.hasAttribute("data-from"))
    .map((el) => `${el.getAttribute("data-from")}: ${el.textContent}`);

describe("FlowTestPanel", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps going when scrollIntoView returns a promise, as recent Chromium's does", async () => {
    // jsdom has no scrollIntoView; Chromium's now returns a promise, which an effect must not return.
    const scrolled = vi.fn(() => Promise.resolve());
    Object.defineProperty(Element.prototype, "scrollIntoView", { configurable: true, value: scrolled });
    try {
      renderWithProviders(<FlowTestPanel graph={() => graph} />);
      fireEvent.click(screen.getByRole("button", { name: "Testar fluxo" }));
      await waitFor(() => expect(lines()).toHaveLength(2));
      for (const text of ["banana", "1"]) {
        fireEvent.change(screen.getByLabelText("Sua resposta"), { target: { value: text } });
        fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
      }
      await waitFor(() => expect(lines().at(-1)).toBe("system: Fim do fluxo"));
      expect(scrolled).toHaveBeenCalled();
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it("plays the flow as drawn: messages with the test contact's name, the menu, an answer, a condition", async () => {
    renderWithProviders(<FlowTestPanel graph={() => graph} />);
    fireEvent.click(screen.getByRole("button", { name: "Testar fluxo" }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(lines()).toEqual(["bot: Olá Contato!", "bot: Escolha\n\n*[ 1 ]* - Preço"]);

    const answer = screen.getByLabelText("Sua resposta");
    fireEvent.change(answer, { target: { value: "banana" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    // An answer that is no option repeats the menu.
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(lines()[3]).toBe("bot: Escolha\n\n*[ 1 ]* - Preço");

    fireEvent.change(answer, { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(lines().at(-1)).toBe("system: Fim do fluxo"));
    expect(lines().slice(-3)).toEqual(["contact: 1", "bot: Custa 10", "system: Fim do fluxo"]);
    expect((screen.getByLabelText("Sua resposta") as HTMLInputElement).disabled).toBe(true);
  });

  it("opens above the app bar (zIndex.drawer + 1), so its title and buttons are not under it", async () => {
    renderWithProviders(<FlowTestPanel graph={() => graph} />);
    fireEvent.click(screen.getByRole("button", { name: "Testar fluxo" }));
    const panel = await screen.findByRole("region", { name: "Teste do fluxo" });
    const root = panel.closest(".MuiDrawer-root");
    expect(root).toBeTruthy();
    expect(Number(getComputedStyle(root!).zIndex)).toBeGreaterThan(createTheme().zIndex.drawer + 1);
  });

  it("names the first problem of a flow that cannot run", async () => {
    renderWithProviders(<FlowTestPanel graph={() => ({ nodes: [], connections: [] })} />);
    fireEvent.click(screen.getByRole("button", { name: "Testar fluxo" }));
    expect((await screen.findByText("O fluxo precisa de um nó Inicio")).textContent).toBe(
      "O fluxo precisa de um nó Inicio",
    );
  });
});

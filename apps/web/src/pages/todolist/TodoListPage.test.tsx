import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { TodoListPage } from "./TodoListPage";
import { readTasks, TASKS_STORAGE_KEY } from "./task-store";

function renderPage() {
  renderWithProviders(<TodoListPage />, { auth: authValue({ user: buildUser() }) });
}

const field = () => screen.getByRole("textbox", { name: "Nova tarefa" });
const rows = () =>
  within(screen.getByRole("table", { name: "Tarefas" }))
    .getAllByRole("row")
    .slice(1);

function type(text: string) {
  fireEvent.change(field(), { target: { value: text } });
}

describe("TodoListPage", () => {
  beforeEach(() => localStorage.clear());

  it("starts empty, adds a task with Enter and keeps it in localStorage under tasks", () => {
    renderPage();
    expect(screen.getByText("Nenhuma tarefa. As tarefas ficam salvas apenas neste navegador.")).toBeTruthy();
    type("  Ligar para o cliente  ");
    fireEvent.submit(field().closest("form") as HTMLFormElement);
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText("Ligar para o cliente")).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(TASKS_STORAGE_KEY) ?? "[]");
    expect(stored).toEqual([
      { id: expect.any(String), text: "Ligar para o cliente", updatedAt: expect.any(String) },
    ]);
    expect((field() as HTMLInputElement).value).toBe("");
  });

  it("ignores blank text: the add button stays disabled and Enter adds nothing", () => {
    renderPage();
    type("   ");
    expect(screen.getByRole("button", { name: "Adicionar" }).hasAttribute("disabled")).toBe(true);
    fireEvent.submit(field().closest("form") as HTMLFormElement);
    expect(screen.queryByRole("table")).toBeNull();
    expect(localStorage.getItem(TASKS_STORAGE_KEY)).toBeNull();
  });

  it("shows the tasks already stored, with their update time", () => {
    localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([{ text: "Tarefa antiga", updatedAt: "2026-03-04T05:06:00.000Z" }, { nope: 1 }]),
    );
    renderPage();
    expect(rows()).toHaveLength(1);
    const cells = within(rows()[0]!).getAllByRole("cell");
    expect(cells[0]?.textContent).toBe("Tarefa antiga");
    expect(cells[1]?.textContent).toMatch(/^\d{2}\/\d{2}\/26 \d{2}:\d{2}$/);
  });

  it("edits a task in the same field: its text and update time change, Escape leaves the edit", () => {
    localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([{ id: "a", text: "Primeira", updatedAt: "2020-01-01T00:00:00.000Z" }]),
    );
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Editar Primeira" }));
    const editField = screen.getByRole("textbox", { name: "Editar tarefa" }) as HTMLInputElement;
    expect(editField.value).toBe("Primeira");
    fireEvent.keyDown(editField, { key: "Escape" });
    expect((field() as HTMLInputElement).value).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Editar Primeira" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Editar tarefa" }), {
      target: { value: "Primeira, revista" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    const [task] = readTasks();
    expect(task?.id).toBe("a");
    expect(task?.text).toBe("Primeira, revista");
    expect(task?.updatedAt).not.toBe("2020-01-01T00:00:00.000Z");
    expect(within(rows()[0]!).getByText("Primeira, revista")).toBeTruthy();
  });

  it("asks before deleting; cancel keeps the task, confirm removes it from the list and the storage", async () => {
    localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([
        { id: "a", text: "Manter", updatedAt: "2026-01-01T00:00:00.000Z" },
        { id: "b", text: "Apagar", updatedAt: "2026-01-01T00:00:00.000Z" },
      ]),
    );
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Excluir Apagar" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir tarefa?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(readTasks().map((task) => task.text)).toEqual(["Manter", "Apagar"]);

    fireEvent.click(screen.getByRole("button", { name: "Excluir Apagar" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Excluir tarefa?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    expect(readTasks().map((task) => task.text)).toEqual(["Manter"]);
    expect(screen.queryByText("Apagar")).toBeNull();
  });

  it("on a phone shows one card per task; its edit marks the card and fills the field, its delete asks first", () => {
    const restore = stubMediaQuery(true);
    try {
      localStorage.setItem(
        TASKS_STORAGE_KEY,
        JSON.stringify([
          { id: "a", text: "Manter", updatedAt: "2026-01-01T00:00:00.000Z" },
          { id: "b", text: "Apagar", updatedAt: "2026-01-01T00:00:00.000Z" },
        ]),
      );
      renderPage();
      expect(screen.queryByRole("table")).toBeNull();
      const cards = within(screen.getByRole("list", { name: "Tarefas" })).getAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const [keep, drop] = cards as [HTMLElement, HTMLElement];
      expect(keep.firstElementChild?.textContent).toBe("Manter");
      expect([...keep.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Atualizada em"]);

      fireEvent.click(within(keep).getByRole("button", { name: "Editar Manter" }));
      expect((screen.getByRole("textbox", { name: "Editar tarefa" }) as HTMLInputElement).value).toBe(
        "Manter",
      );
      expect(keep.getAttribute("aria-current")).toBe("true");
      expect(drop.hasAttribute("aria-current")).toBe(false);

      fireEvent.click(within(drop).getByRole("button", { name: "Excluir Apagar" }));
      const dialog = screen.getByRole("dialog", { name: "Excluir tarefa?" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
      expect(readTasks().map((task) => task.text)).toEqual(["Manter"]);
    } finally {
      restore();
    }
  });

  it("follows changes another tab makes to the stored tasks", () => {
    renderPage();
    localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([{ id: "x", text: "De outra aba", updatedAt: "2026-01-01T00:00:00.000Z" }]),
    );
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: TASKS_STORAGE_KEY }));
    });
    expect(screen.getByText("De outra aba")).toBeTruthy();
  });
});

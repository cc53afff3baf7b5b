import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubMediaQuery } from "../test/media-query";
import { ResponsiveTable } from "./ResponsiveTable";

interface Row {
  id: number;
  icon: string;
  name: string;
  email: string;
}

const rows: Row[] = [
  { id: 1, icon: "☎", name: "Ana", email: "ana@x.test" },
  { id: 2, icon: "✉", name: "Bruno", email: "bruno@x.test" },
];

function renderTable(onEdit: (row: Row) => void, titleColumn?: string) {
  render(
    <ResponsiveTable
      label="Pessoas"
      rows={rows}
      rowKey={(row) => row.id}
      titleColumn={titleColumn}
      columns={[
        { key: "icon", header: "Canal", render: (row) => row.icon },
        { key: "name", header: "Nome", render: (row) => row.name },
        { key: "email", header: "Email", render: (row) => row.email },
      ]}
      actionsHeader="Ações"
      actions={(row) => (
        <button type="button" onClick={() => onEdit(row)}>
          {`Editar ${row.name}`}
        </button>
      )}
    />,
  );
}

/** An action component with nothing to offer for its row (as a paid invoice's pay button). */
const Nothing = () => null;

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("ResponsiveTable", () => {
  it("is a table with its headers and an actions column on wide screens", () => {
    renderTable(vi.fn());
    const table = screen.getByRole("table", { name: "Pessoas" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Canal", "Nome", "Email", "Ações"]);
    const ana = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(
      within(ana)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["☎", "Ana", "ana@x.test", "Editar Ana"]);
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("under the breakpoint is a list of cards: a title, labelled values and the row's actions", () => {
    restore = stubMediaQuery(true);
    const onEdit = vi.fn();
    renderTable(onEdit, "name");
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(screen.getByRole("list", { name: "Pessoas" })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const bruno = cards[1] as HTMLElement;
    // The title column first, then the others in order under their headers.
    expect(bruno.firstElementChild?.textContent).toBe("Bruno");
    expect([...bruno.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Canal", "Email"]);
    expect([...bruno.querySelectorAll("dd")].map((value) => value.textContent)).toEqual([
      "✉",
      "bruno@x.test",
    ]);
    // The actions are in the card, on their own line, and work.
    const actions = bruno.querySelector("[data-card-actions]") as HTMLElement;
    fireEvent.click(within(actions).getByRole("button", { name: "Editar Bruno" }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });

  it("draws no actions line on a card whose row has no action (the actions render nothing)", () => {
    restore = stubMediaQuery(true);
    render(
      <ResponsiveTable
        label="Faturas"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[{ key: "name", header: "Nome", render: (row) => row.name }]}
        actions={(row) => (row.id === 1 ? <Nothing /> : <button type="button">Pagar</button>)}
      />,
    );
    const [ana, bruno] = within(screen.getByRole("list", { name: "Faturas" })).getAllByRole("listitem");
    const empty = ana?.querySelector("[data-card-actions]") as HTMLElement;
    const full = bruno?.querySelector("[data-card-actions]") as HTMLElement;
    expect(getComputedStyle(empty).display).toBe("none");
    expect(getComputedStyle(full).display).toBe("flex");
  });

  it("opens a row on a click in it but not in its actions, and marks the selected row, in both layouts", () => {
    for (const narrow of [false, true]) {
      restore = stubMediaQuery(narrow);
      const onOpen = vi.fn();
      const onEdit = vi.fn();
      const { unmount } = render(
        <ResponsiveTable
          label="Pessoas"
          rows={rows}
          rowKey={(row) => row.id}
          columns={[{ key: "name", header: "Nome", render: (row) => row.name }]}
          onRowClick={onOpen}
          isSelected={(row) => row.id === 2}
          actions={(row) => (
            <button type="button" onClick={() => onEdit(row)}>
              {`Editar ${row.name}`}
            </button>
          )}
        />,
      );
      const row = (name: string) => screen.getByText(name).closest(narrow ? "li" : "tr") as HTMLElement;
      fireEvent.click(row("Ana"));
      expect(onOpen).toHaveBeenCalledWith(rows[0]);
      fireEvent.click(screen.getByRole("button", { name: "Editar Bruno" }));
      expect(onEdit).toHaveBeenCalledWith(rows[1]);
      expect(onOpen).toHaveBeenCalledTimes(1);
      if (narrow) {
        expect(row("Bruno").getAttribute("aria-current")).toBe("true");
        expect(row("Ana").hasAttribute("aria-current")).toBe(false);
      } else {
        expect(row("Bruno").classList.contains("Mui-selected")).toBe(true);
        expect(row("Ana").classList.contains("Mui-selected")).toBe(false);
      }
      unmount();
      restore();
      restore = undefined;
    }
  });
});

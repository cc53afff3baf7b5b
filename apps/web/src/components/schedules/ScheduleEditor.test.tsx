import { type ShiftTimeField, WEEKDAYS_EN } from "@inbox/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n";
import { renderWithProviders } from "../../test/render";
import { maskTime } from "./mask-time";
import { ScheduleEditor, type ScheduleEditorDay } from "./ScheduleEditor";

const week = (): ScheduleEditorDay[] =>
  WEEKDAYS_EN.map((weekdayEn) => ({
    weekdayEn,
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  }));

/** The editor over its own state, as a screen holds it. */
function Editor({
  initial = week(),
  errorOf,
  onChange,
}: {
  initial?: ScheduleEditorDay[];
  errorOf?: (index: number, field: ShiftTimeField) => string | undefined;
  onChange?: (index: number, field: ShiftTimeField, value: string) => void;
}) {
  const [days, setDays] = useState(initial);
  return (
    <ScheduleEditor
      label="Horários"
      days={days}
      errorOf={errorOf}
      onChange={(index, field, value) => {
        onChange?.(index, field, value);
        setDays((all) => all.map((day, i) => (i === index ? { ...day, [field]: value } : day)));
      }}
    />
  );
}

const box = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("maskTime", () => {
  it("keeps digits only, at most four, with the colon after the hours", () => {
    expect(maskTime("0930")).toBe("09:30");
    expect(maskTime("09:30")).toBe("09:30");
    expect(maskTime("9")).toBe("9");
    expect(maskTime("093")).toBe("09:3");
    expect(maskTime("0a9h3")).toBe("09:3");
    expect(maskTime("123456")).toBe("12:34");
    expect(maskTime("")).toBe("");
  });
});

describe("ScheduleEditor", () => {
  it("shows the seven weekdays with shifts A and B, each time a labelled box", () => {
    renderWithProviders(
      <Editor
        initial={[...week().slice(0, 6), { weekdayEn: "sunday", startTimeA: "09:00", endTimeA: "13:00" }]}
      />,
    );
    const table = screen.getByRole("table", { name: "Horários" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Dia da semana", "Turno A", "Turno B"]);
    const days = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    expect(days).toEqual([
      "Segunda-feira",
      "Terça-feira",
      "Quarta-feira",
      "Quinta-feira",
      "Sexta-feira",
      "Sábado",
      "Domingo",
    ]);
    expect(box("Segunda-feira, turno A: início").value).toBe("08:00");
    expect(box("Sexta-feira, turno B: fim").value).toBe("18:00");
    expect(box("Domingo, turno A: início").value).toBe("09:00");
    // A time the day does not have is an empty box: that shift is closed.
    expect(box("Domingo, turno B: início").value).toBe("");
    expect(box("Domingo, turno B: fim").placeholder).toBe("HH:MM");
  });

  it("masks what is typed as HH:MM and hands the masked value to the screen", () => {
    const onChange = vi.fn();
    renderWithProviders(<Editor onChange={onChange} />);
    const start = box("Terça-feira, turno B: início");
    fireEvent.change(start, { target: { value: "1415" } });
    expect(onChange).toHaveBeenLastCalledWith(1, "startTimeB", "14:15");
    expect(start.value).toBe("14:15");
    fireEvent.change(start, { target: { value: "1a" } });
    expect(start.value).toBe("1");
    expect(start.getAttribute("inputmode")).toBe("numeric");
    expect(start.maxLength).toBe(5);
  });

  it("puts the screen's message under its time, tied to the box", () => {
    const errorOf = (index: number, field: ShiftTimeField) =>
      index === 2 && field === "endTimeA" ? "O fim do turno deve ser depois do início." : undefined;
    renderWithProviders(<Editor errorOf={errorOf} />);
    const end = box("Quarta-feira, turno A: fim");
    expect(end.getAttribute("aria-invalid")).toBe("true");
    const helper = document.getElementById(end.getAttribute("aria-describedby") ?? "");
    expect(helper?.textContent).toBe("O fim do turno deve ser depois do início.");
    expect(box("Quarta-feira, turno A: início").getAttribute("aria-invalid")).toBe("false");
    expect(screen.getAllByText("O fim do turno deve ser depois do início.")).toHaveLength(1);
  });

  it("lets a form library hold each box: its name, its element and its blur", () => {
    const refs = new Map<string, HTMLInputElement | null>();
    const onBlur = vi.fn();
    renderWithProviders(
      <ScheduleEditor
        label="Horários"
        days={week()}
        onChange={() => {}}
        bindInput={(index, field) => ({
          name: `schedules.${index}.${field}`,
          inputRef: (element: HTMLInputElement | null) => {
            refs.set(`schedules.${index}.${field}`, element);
          },
          onBlur: () => onBlur(index, field),
        })}
      />,
    );
    const monday = box("Segunda-feira, turno B: fim");
    expect(monday.name).toBe("schedules.0.endTimeB");
    expect(refs.get("schedules.0.endTimeB")).toBe(monday);
    fireEvent.blur(monday);
    expect(onBlur).toHaveBeenCalledWith(0, "endTimeB");
  });

  it("keyboard: Tab walks the week day by day, shift A's start and end before shift B's", () => {
    renderWithProviders(<Editor />);
    const boxes = screen.getAllByRole("textbox") as HTMLInputElement[];
    expect(boxes).toHaveLength(28);
    // No box leaves the tab order or reorders it: the document order is the Tab order.
    expect(boxes.filter((input) => input.tabIndex !== 0)).toEqual([]);
    expect(boxes.slice(0, 5).map((input) => input.getAttribute("aria-label"))).toEqual([
      "Segunda-feira, turno A: início",
      "Segunda-feira, turno A: fim",
      "Segunda-feira, turno B: início",
      "Segunda-feira, turno B: fim",
      "Terça-feira, turno A: início",
    ]);
    boxes[4]?.focus();
    expect(document.activeElement).toBe(box("Terça-feira, turno A: início"));
  });

  it.each([
    ["en", "Weekday", "Shift A", "Sunday, shift B: end"],
    ["es", "Día de la semana", "Turno A", "Domingo, turno B: fin"],
    ["tr", "Haftanın günü", "Vardiya A", "Pazar, vardiya B: bitiş"],
  ])("speaks %s", async (language, weekday, shiftA, sundayEnd) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<Editor />);
    expect(screen.getByRole("columnheader", { name: weekday })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: shiftA })).toBeTruthy();
    expect(box(sundayEnd).value).toBe("18:00");
  });
});

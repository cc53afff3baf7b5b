import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { QueueScheduleTab } from "./QueueScheduleTab";
import { defaultSchedules, type ScheduleDraft } from "./queue-form";

describe("QueueScheduleTab", () => {
  it("edits the queue's week through the shared editor, masked as HH:MM", () => {
    const onChange = vi.fn<(schedules: ScheduleDraft[]) => void>();
    renderWithProviders(<QueueScheduleTab schedules={defaultSchedules()} errors={{}} onChange={onChange} />);
    expect(screen.getByRole("table", { name: "Horários de atendimento" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Sábado, turno B: fim" }), {
      target: { value: "1730" },
    });
    const changed = onChange.mock.calls[0]?.[0];
    expect(changed?.[5]).toEqual({
      weekdayEn: "saturday",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "17:30",
    });
    // The other days are left as they were.
    expect(changed?.filter((_, index) => index !== 5)).toEqual(
      defaultSchedules().filter((_, index) => index !== 5),
    );
  });

  it("shows the schema's or the server's message under its time, in the queue dialog's words", () => {
    renderWithProviders(
      <QueueScheduleTab
        schedules={defaultSchedules()}
        errors={{ "schedules.3.startTimeA": "Invalid time" }}
        onChange={() => {}}
      />,
    );
    const start = screen.getByRole("textbox", { name: "Quinta-feira, turno A: início" });
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(start.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Horário inválido (HH:MM).",
    );
  });
});

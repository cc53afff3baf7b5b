import type { ScheduleDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { SchedulesPage, visibleRange } from "./SchedulesPage";
import { scheduleEvents } from "./schedule-events";

function buildSchedule(overrides: Partial<ScheduleDto> = {}): ScheduleDto {
  const sendAt = new Date();
  sendAt.setHours(10, 0, 0, 0);
  return {
    id: 9,
    companyId: 2,
    body: "Lembrete da consulta",
    sendAt: sendAt.toISOString(),
    sentAt: null,
    status: "pending",
    sendError: null,
    contactId: 7,
    contact: { id: 7, name: "Maria" },
    ticketId: null,
    userId: 1,
    user: { id: 1, name: "Admin" },
    whatsappId: null,
    whatsapp: null,
    mediaPath: null,
    mediaName: null,
    intervalo: null,
    valorIntervalo: null,
    enviarQuantasVezes: null,
    tipoDias: 4,
    seriesId: null,
    occurrence: 1,
    recurrenceStartAt: null,
    recurrenceStep: 0,
    timeZone: "America/Sao_Paulo",
    createdAt: sendAt.toISOString(),
    updatedAt: sendAt.toISOString(),
    ...overrides,
  };
}

type Seen = { method: string; url: string; body: unknown };

function serve(schedules: ScheduleDto[]) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      if (method === "GET" && url.startsWith("/schedules?"))
        return Response.json({ schedules, count: schedules.length, hasMore: false });
      if (method === "GET" && url === "/contacts/7")
        return Response.json({ id: 7, name: "Maria", number: "5511999990000" });
      if (method === "POST" && url === "/schedules")
        return Response.json(
          buildSchedule({ id: 10, ...(body as object), sendAt: (body as ScheduleDto).sendAt }),
        );
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function renderPage(path = "/schedules") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: new FakeSocket() as unknown as Socket, companyId: 2 }}>
        <Routes>
          <Route path="/schedules" element={<SchedulesPage />} />
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { initialEntries: [path] },
  );
}

describe("the schedules calendar (/schedules)", () => {
  it("asks GET /schedules for the visible range and shows each card with its status, ERRO for a failed send", async () => {
    const seen = serve([
      buildSchedule(),
      buildSchedule({
        id: 11,
        status: "error",
        contact: { id: 8, name: "João" },
        sendError: "ERR_NO_WAPP_FOUND",
      }),
    ]);
    renderPage();
    await screen.findByRole("button", { name: "Agenda" }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Agenda" }));
    expect(await screen.findByText(/Maria · Pendente/)).toBeTruthy();
    expect(screen.getByText(/João · ERRO/)).toBeTruthy();
    const list = seen.find((s) => s.method === "GET" && s.url.startsWith("/schedules?"));
    const query = new URLSearchParams(list?.url.split("?")[1]);
    expect(query.get("pageNumber")).toBe("1");
    expect(Date.parse(query.get("from") ?? "")).toBeLessThan(Date.parse(query.get("to") ?? ""));
  });

  it("a recurring series shows its sends to come", () => {
    const first = buildSchedule({
      intervalo: 4,
      valorIntervalo: 30,
      enviarQuantasVezes: 3,
      seriesId: 9,
      recurrenceStartAt: buildSchedule().sendAt,
    });
    const events = scheduleEvents([first], new Date(Date.parse(first.sendAt) + 86_400_000));
    expect(events.map((e) => [e.planned, e.start.getTime() - Date.parse(first.sendAt)])).toEqual([
      [false, 0],
      [true, 30 * 60_000],
      [true, 60 * 60_000],
    ]);
    // A sent one projects nothing.
    expect(scheduleEvents([{ ...first, status: "completed" }], new Date(2100, 0))).toHaveLength(1);
    const { from, to } = visibleRange("month", new Date(2026, 11, 15));
    expect(from.getTime()).toBeLessThanOrEqual(new Date(2026, 11, 1).getTime());
    expect(to.getTime()).toBeGreaterThan(new Date(2026, 11, 31).getTime());
  });

  it("?contactId= opens the dialog for that contact; the recurrence fields are validated and sent", async () => {
    const seen = serve([]);
    renderPage("/schedules?contactId=7");
    const dialog = await screen.findByRole("dialog", { name: "Agendar mensagem" });
    expect((within(dialog).getByLabelText("Contato") as HTMLInputElement).value).toBe("Maria");
    fireEvent.change(within(dialog).getByLabelText("Mensagem"), { target: { value: "Lembrete semanal" } });
    fireEvent.change(within(dialog).getByLabelText("Data e hora do envio"), {
      target: { value: "2030-05-06T14:30" },
    });
    fireEvent.change(within(dialog).getByLabelText("Repetir"), { target: { value: "2" } });
    const times = await within(dialog).findByLabelText("Enviar quantas vezes");
    fireEvent.change(times, { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeTruthy();
    expect(seen.some((s) => s.method === "POST")).toBe(false);

    fireEvent.change(times, { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Em sábados e domingos"), { target: { value: "6" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    await waitFor(() => expect(seen.some((s) => s.method === "POST")).toBe(true));
    expect(seen.find((s) => s.method === "POST")?.body).toEqual({
      body: "Lembrete semanal",
      sendAt: new Date(2030, 4, 6, 14, 30).toISOString(),
      contactId: 7,
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 4,
      tipoDias: 6,
    });
  });
});

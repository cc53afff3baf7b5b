import type { TicketLogEntryDto } from "@inbox/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n";
import { renderConversation, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { flowStepText, interleave, logLine } from "./timeline";

/** The first conversation of a file renders slowly while the whole suite runs on two cores. */
const FIRST_RENDER_MS = 15_000;

const t = i18n.getFixedT("pt");
const ana = { id: 7, name: "Ana" };
const vendas = { id: 3, name: "Vendas", color: "#123456" };

function entry(
  id: number,
  type: TicketLogEntryDto["type"],
  minute: number,
  extra: Partial<TicketLogEntryDto> = {},
) {
  return {
    id,
    ticketId: 4,
    type,
    userId: extra.user?.id ?? null,
    user: null,
    queueId: extra.queue?.id ?? null,
    queue: null,
    fromLane: null,
    toLane: null,
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
    ...extra,
  } satisfies TicketLogEntryDto;
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

describe("logLine", () => {
  it("says what happened and who did it; the bot when no user did", () => {
    expect(logLine(entry(1, "open", 0, { user: ana }), t)).toBe("Ana aceitou o atendimento");
    expect(logLine(entry(1, "transfered", 0, { user: ana, queue: vendas }), t)).toBe(
      "Ana transferiu para a fila Vendas",
    );
    expect(logLine(entry(1, "transfered", 0, { queue: vendas }), t)).toBe("Transferido para a fila Vendas");
    expect(logLine(entry(1, "closed", 0, { user: ana }), t)).toBe("Resolvido por Ana");
    expect(logLine(entry(1, "closed", 0), t)).toBe("Bot: atendimento encerrado");
    expect(logLine(entry(1, "reopen", 0, { user: ana }), t)).toBe("Reaberto por Ana");
    expect(logLine(entry(1, "pending", 0, { user: ana }), t)).toBe("Ana devolveu o atendimento à fila");
    expect(logLine(entry(1, "queue", 0, { queue: vendas }), t)).toBe("Bot: fila Vendas escolhida");
    expect(logLine(entry(1, "queue", 0, { user: ana, queue: vendas }), t)).toBe(
      "Ana moveu para a fila Vendas",
    );
    expect(logLine(entry(1, "redirect", 0, { user: ana }), t)).toBe("Bot: atendimento entregue a Ana");
    expect(logLine(entry(1, "chatBot", 0), t)).toBe("Bot: atendimento automático iniciado");
  });

  it("shows where a flow's walk ended, not each of its nodes", () => {
    const step = (ended: string | null) =>
      entry(1, "flow", 0, { flowStep: { flowId: 2, nodeType: ended ? null : "menu", ended } });
    expect(logLine(step(null), t)).toBeNull();
    expect(logLine(step("end"), t)).toBe("Bot: fluxo concluído");
    expect(logLine(step("cap"), t)).toBe("Bot: fluxo interrompido (passos demais sem espera)");
    expect(flowStepText({ nodeType: "menu", ended: null }, t)).toBe("nó menu");
  });

  it("shows a kanban lane move with the history dialog's wording; '—' is no lane", () => {
    const triagem = { id: 11, name: "Triagem", color: "#123456" };
    const proposta = { id: 12, name: "Proposta", color: "#654321" };
    expect(logLine(entry(1, "lane", 0, { user: ana, fromLane: triagem, toLane: proposta }), t)).toBe(
      "Etapa do kanban alterada: Triagem → Proposta",
    );
    expect(logLine(entry(1, "lane", 0, { toLane: triagem }), t)).toBe(
      "Etapa do kanban alterada: — → Triagem",
    );
    expect(logLine(entry(1, "lane", 0, { fromLane: proposta }), i18n.getFixedT("en"))).toBe(
      "Kanban lane changed: Proposta → —",
    );
  });

  it("leaves out views and the contact's own opening", () => {
    expect(logLine(entry(1, "access", 0, { user: ana }), t)).toBeNull();
    expect(logLine(entry(1, "create", 0), t)).toBeNull();
    expect(logLine(entry(1, "create", 0, { user: ana }), t)).toBe("Ana iniciou o atendimento");
  });

  it("speaks the other languages", () => {
    expect(logLine(entry(1, "closed", 0, { user: ana }), i18n.getFixedT("en"))).toBe("Resolved by Ana");
    expect(logLine(entry(1, "queue", 0, { queue: vendas }), i18n.getFixedT("es"))).toBe(
      "Bot: cola Vendas elegida",
    );
  });
});

describe("interleave", () => {
  const messages = [
    buildMessage({ id: 10, createdAt: at(1) }),
    buildMessage({ id: 11, createdAt: at(5) }),
    buildMessage({ id: 12, createdAt: at(9) }),
  ];
  const line = (e: TicketLogEntryDto) => e.type;

  it("puts each line at its time, before a message of the same time, the newest at the end", () => {
    const items = interleave(
      messages,
      [entry(3, "closed", 12), entry(1, "queue", 0), entry(2, "open", 5)],
      line,
      false,
    );
    expect(items.map((i) => i.key)).toEqual(["l1", "m10", "l2", "m11", "m12", "l3"]);
  });

  it("keeps lines older than the first loaded message for when their page loads", () => {
    const items = interleave(messages, [entry(1, "queue", 0), entry(2, "open", 5)], line, true);
    expect(items.map((i) => i.key)).toEqual(["m10", "l2", "m11", "m12"]);
  });

  it("drops entries without a line", () => {
    const items = interleave(
      messages,
      [entry(1, "access", 2)],
      (e) => (e.type === "access" ? null : e.type),
      false,
    );
    expect(items.map((i) => i.key)).toEqual(["m10", "m11", "m12"]);
  });
});

describe("system lines in the conversation", () => {
  const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
  const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 3 });

  it("shows the ticket's events between the messages and follows a change live", async () => {
    let log: TicketLogEntryDto[] = [
      entry(1, "queue", 0, { queue: vendas }),
      entry(2, "open", 2, { user: ana }),
    ];
    const seen = serveConversation(
      ticket,
      [
        buildMessage({ id: 10, ticketId: 4, body: "Oi", createdAt: at(1) }),
        buildMessage({ id: 11, ticketId: 4, body: "Olá!", fromMe: true, createdAt: at(3) }),
      ],
      { "GET /tickets-log/4": () => log },
    );
    const { socket } = renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: FIRST_RENDER_MS });
    await within(list).findByText("Ana aceitou o atendimento", { exact: false });
    // Lines are not list items for assistive technology (the messages are): read the elements
    // (the day chips before each day's first message are another test's: MessagesList.days.test.tsx).
    const order = () =>
      Array.from(list.querySelectorAll(":scope > li:not([data-day-separator])")).map(
        (item) => item.getAttribute("data-system-line") ?? `fromMe:${item.getAttribute("data-from-me")}`,
      );
    expect(order()).toEqual(["queue", "fromMe:false", "open", "fromMe:true"]);
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("Bot: fila Vendas escolhida", { exact: false })).toBeTruthy();

    // Resolved elsewhere: the ticket event moves the ticket, and the log is read again.
    log = [...log, entry(3, "closed", 4, { user: ana })];
    const logReads = () => seen.filter((r) => r.path === "/tickets-log/4").length;
    const before = logReads();
    act(() => socket.push("company-2-ticket", { action: "update", ticket: { ...ticket, status: "closed" } }));
    await within(list).findByText("Resolvido por Ana", { exact: false });
    expect(logReads()).toBe(before + 1);
    expect(order()).toEqual(["queue", "fromMe:false", "open", "fromMe:true", "closed"]);

    // An update that changes nothing of status, user or queue does not read the log again.
    act(() =>
      socket.push("company-2-ticket", {
        action: "update",
        ticket: { ...ticket, status: "closed", unreadMessages: 0, lastMessage: "x" },
      }),
    );
    await waitFor(() => expect(logReads()).toBe(before + 1));
  });
});

import { describe, expect, it } from "vitest";
import { localTime, withinHours } from "./hours.js";
import { decide } from "./machine.js";
import {
  type BotAction,
  type BotEvent,
  type BotState,
  INITIAL_STATE,
  type OptionNode,
  type QueueInfo,
  type World,
} from "./machine-types.js";

/** The automaton alone: every rule with a controlled clock, no database, no channel. */

const ZONE = "America/Sao_Paulo";
/** Monday 2026-11-23 10:00 in São Paulo (UTC-3). */
const MONDAY_10H = new Date("2026-11-23T13:00:00Z");

let nextId = 100;
function option(name: string, extra: Partial<OptionNode> = {}): OptionNode {
  return {
    id: nextId++,
    name,
    greetingMessage: null,
    queueType: "text",
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
    ...extra,
  };
}

function queue(id: number, name: string, extra: Partial<QueueInfo> = {}): QueueInfo {
  return {
    id,
    name,
    greetingMessage: `Welcome to ${name}`,
    closeTicket: false,
    outOfHoursMessage: null,
    schedules: [],
    fileListId: null,
    integrationId: null,
    options: [],
    ...extra,
  };
}

const sales = queue(1, "Vendas");
const support = queue(2, "Suporte");

function world(changes: { [K in keyof World]?: Partial<World[K]> } & { queues?: QueueInfo[] } = {}): World {
  const queues = changes.queues ?? [sales, support];
  const all = new Map<number, QueueInfo>(queues.map((q) => [q.id, q]));
  return {
    now: changes.now instanceof Date ? changes.now : MONDAY_10H,
    timeZone: ZONE,
    ticket: { status: "pending", queueId: null, userId: null, isGroup: false, ...changes.ticket },
    contact: { disableBot: false, outOfHoursSentAt: null, lgpdAcceptedAt: null, ...changes.contact },
    connection: {
      name: "Loja",
      greetingMessage: "Olá! Escolha:",
      outOfHoursMessage: "Estamos fechados",
      schedules: [],
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      timeSendQueue: 0,
      sendIdQueue: null,
      collectiveVacationStart: null,
      collectiveVacationEnd: null,
      collectiveVacationMessage: null,
      ratingMessage: "De 0 a 10, que nota nos dá?",
      complationMessage: "Obrigado!",
      expiresTicketNPS: 15,
      maxUseBotQueuesNPS: 3,
      hasGreetingMedia: true,
      promptId: null,
      integrationId: null,
      queues,
      ...changes.connection,
    },
    settings: {
      scheduleType: "disabled",
      sendGreetingMessageOneQueues: true,
      companySchedules: [],
      outOfHoursRepeatMinutes: 120,
      lgpd: { enabled: false, consent: false, message: null, link: null },
      queuePositionMessage: null,
      ...changes.settings,
    },
    queuesById: all,
  };
}

const say = (body: string): BotEvent => ({ type: "message", body });
const sent = (actions: BotAction[]) => actions.flatMap((a) => (a.type === "send" ? [a.body] : []));

/** Plays messages in order, carrying the state; answers the last decision and every action. */
function converse(w: World, ...bodies: string[]) {
  let state: BotState = INITIAL_STATE;
  const all: BotAction[] = [];
  for (const body of bodies) {
    const d = decide(state, say(body), w);
    state = d.state;
    all.push(...d.actions);
  }
  return { state, actions: all };
}

describe("business hours", () => {
  const weekdays = (start: string, end: string) =>
    ["monday", "tuesday", "wednesday", "thursday", "friday"].map((weekdayEn) => ({
      weekdayEn,
      startTimeA: start,
      endTimeA: end,
      startTimeB: "",
      endTimeB: "",
    }));

  it("reads the weekday and the minute in the company's zone, not the server's", () => {
    expect(localTime(MONDAY_10H, ZONE)).toEqual({ weekday: "monday", minutes: 600 });
    expect(localTime(new Date("2026-11-24T02:30:00Z"), ZONE)).toEqual({ weekday: "monday", minutes: 1410 });
  });

  it("start is inside, end is outside; a missing day is closed; no schedule is always open", () => {
    const hours = weekdays("10:00", "12:00");
    expect(withinHours(hours, MONDAY_10H, ZONE)).toBe(true);
    expect(withinHours(hours, new Date("2026-11-23T12:59:00Z"), ZONE)).toBe(false);
    expect(withinHours(hours, new Date("2026-11-23T14:59:00Z"), ZONE)).toBe(true);
    expect(withinHours(hours, new Date("2026-11-23T15:00:00Z"), ZONE)).toBe(false);
    expect(withinHours(hours, new Date("2026-11-22T13:00:00Z"), ZONE)).toBe(false); // Sunday
    expect(withinHours([], MONDAY_10H, ZONE)).toBe(true);
  });

  it("shift B counts; a shift past midnight runs into the next morning", () => {
    const day = {
      weekdayEn: "monday",
      startTimeA: "08:00",
      endTimeA: "09:00",
      startTimeB: "22:00",
      endTimeB: "02:00",
    };
    expect(withinHours([day], new Date("2026-11-24T02:30:00Z"), ZONE)).toBe(true); // Monday 23:30
    expect(withinHours([day], MONDAY_10H, ZONE)).toBe(false);
  });
});

describe("out of hours and vacation", () => {
  const closedMonday = [{ weekdayEn: "monday", startTimeA: "14:00", endTimeA: "18:00" }];

  it("company hours: the out-of-hours message, no menu, once every repeat window", () => {
    const w = world({ settings: { scheduleType: "company", companySchedules: closedMonday } });
    const first = decide(INITIAL_STATE, say("oi"), w);
    expect(sent(first.actions)).toEqual(["Estamos fechados"]);
    expect(first.actions).toContainEqual({ type: "outOfHoursSent" });
    expect(first.state.stage).toBe("new");

    const soon = world({
      settings: { scheduleType: "company", companySchedules: closedMonday },
      contact: { outOfHoursSentAt: new Date(MONDAY_10H.getTime() - 119 * 60_000) },
    });
    expect(decide(first.state, say("alô?"), soon).actions).toEqual([]);
    const later = world({
      settings: { scheduleType: "company", companySchedules: closedMonday },
      contact: { outOfHoursSentAt: new Date(MONDAY_10H.getTime() - 120 * 60_000) },
    });
    expect(sent(decide(first.state, say("alô?"), later).actions)).toEqual(["Estamos fechados"]);
  });

  it("connection hours use the connection's schedule; inside them the menu goes out", () => {
    const closed = world({
      settings: { scheduleType: "connection" },
      connection: { schedules: closedMonday },
    });
    expect(sent(decide(INITIAL_STATE, say("oi"), closed).actions)).toEqual(["Estamos fechados"]);
    const open = world({
      settings: { scheduleType: "connection" },
      connection: { schedules: [{ weekdayEn: "monday", startTimeA: "08:00", endTimeA: "18:00" }] },
    });
    expect(decide(INITIAL_STATE, say("oi"), open).state.stage).toBe("menu");
  });

  it("between vacation start and end (calendar days in the company's zone, both included) the vacation message is sent", () => {
    const vacation = (now: Date) =>
      world({
        now,
        connection: {
          collectiveVacationStart: new Date("2026-11-20T00:00:00Z"),
          collectiveVacationEnd: new Date("2026-11-23T00:00:00Z"),
          collectiveVacationMessage: "Férias coletivas até dia 23",
        },
      });
    const message = (now: Date) => sent(decide(INITIAL_STATE, say("oi"), vacation(now)).actions);
    expect(message(new Date("2026-11-20T03:00:00Z"))).toEqual(["Férias coletivas até dia 23"]); // 20th, 00:00 local
    expect(message(new Date("2026-11-20T02:59:00Z"))).toHaveLength(1); // 19th, 23:59 local: the menu
    expect(message(new Date("2026-11-20T02:59:00Z"))[0]).toContain("*[ 1 ]*");
    expect(message(new Date("2026-11-24T02:59:00Z"))).toEqual(["Férias coletivas até dia 23"]); // 23rd, 23:59 local
    expect(message(new Date("2026-11-24T03:00:00Z"))[0]).toContain("*[ 1 ]*"); // 24th: back at work
  });

  it("scheduleType queue: entering a queue out of its hours answers the queue's message", () => {
    const night = queue(3, "Noturno", { schedules: closedMonday, outOfHoursMessage: "Fila fechada" });
    const w = world({ settings: { scheduleType: "queue" }, queues: [night, support] });
    const { actions } = converse(w, "oi", "1");
    expect(actions).toContainEqual({ type: "enterQueue", queueId: 3 });
    expect(sent(actions).at(-1)).toBe("Fila fechada");
  });
});

describe("greeting and the queue menu", () => {
  it("several queues: greeting and a numbered menu; the number moves the ticket and greets", () => {
    const first = decide(INITIAL_STATE, say("oi"), world());
    expect(sent(first.actions)).toEqual(["Olá! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte"]);
    const second = decide(first.state, say(" 2 "), world());
    expect(second.actions).toEqual([
      { type: "enterQueue", queueId: 2 },
      { type: "send", body: "Welcome to Suporte" },
    ]);
    expect(second.state.stage).toBe("done");
  });

  it("the connection's greeting file goes first, with the first greeting only (not a repeated menu, not one queue)", () => {
    const first = decide(INITIAL_STATE, say("oi"), world());
    expect(first.actions[0]).toEqual({ type: "sendGreetingMedia" });
    expect(decide(first.state, say("x"), world()).actions).not.toContainEqual({ type: "sendGreetingMedia" });
    expect(decide(INITIAL_STATE, say("oi"), world({ queues: [sales] })).actions).not.toContainEqual({
      type: "sendGreetingMedia",
    });
    const withoutFile = world({ connection: { hasGreetingMedia: false } });
    expect(decide(INITIAL_STATE, say("oi"), withoutFile).actions).not.toContainEqual({
      type: "sendGreetingMedia",
    });
  });

  it("a queue with closeTicket: its greeting, then the ticket closes (no menu, no position)", () => {
    const info = queue(7, "Horários", { closeTicket: true, greetingMessage: "Abrimos às 8h" });
    const w = world({ queues: [info, support], settings: { queuePositionMessage: "Sua posição:" } });
    const { actions, state } = converse(w, "oi", "1");
    expect(sent(actions).at(-1)).toBe("Abrimos às 8h");
    expect(actions.slice(-3)).toEqual([
      { type: "enterQueue", queueId: 7 },
      { type: "send", body: "Abrimos às 8h" },
      { type: "close" },
    ]);
    expect(state.stage).toBe("done");
  });

  it("the queue's name works too, whatever its case and accents", () => {
    const { actions } = converse(
      world({ queues: [queue(5, "Financeiro"), queue(6, "Técnico")] }),
      "oi",
      "tecnico",
    );
    expect(actions).toContainEqual({ type: "enterQueue", queueId: 6 });
  });

  it("one queue: entered at once, its greeting only with sendGreetingMessageOneQueues", () => {
    const on = decide(INITIAL_STATE, say("oi"), world({ queues: [sales] }));
    expect(on.actions).toEqual([
      { type: "enterQueue", queueId: 1 },
      { type: "send", body: "Welcome to Vendas" },
    ]);
    const off = decide(
      INITIAL_STATE,
      say("oi"),
      world({ queues: [sales], settings: { sendGreetingMessageOneQueues: false } }),
    );
    expect(off.actions).toEqual([{ type: "enterQueue", queueId: 1 }]);
  });

  it("no queues: the greeting alone, then nothing more", () => {
    const first = decide(INITIAL_STATE, say("oi"), world({ queues: [] }));
    expect(sent(first.actions)).toEqual(["Olá! Escolha:"]);
    expect(decide(first.state, say("?"), world({ queues: [] })).actions).toEqual([]);
  });

  it("an invalid answer repeats the menu; after maxUseBotQueues menus the bot stops", () => {
    const { state, actions } = converse(world(), "oi", "9", "banana", "7");
    expect(sent(actions)).toHaveLength(3);
    expect(state.stage).toBe("stopped");
    expect(decide(state, say("1"), world()).actions).toEqual([]);
  });

  it("maxUseBotQueues 0 never stops", () => {
    const { state, actions } = converse(
      world({ connection: { maxUseBotQueues: 0 } }),
      "oi",
      "x",
      "x",
      "x",
      "x",
    );
    expect(sent(actions)).toHaveLength(5);
    expect(state.stage).toBe("menu");
  });

  it("timeUseBotQueues: a stopped bot starts again when the contact writes that many minutes later", () => {
    const w = world({ connection: { timeUseBotQueues: 30 } });
    const { state } = converse(w, "oi", "x", "x", "x");
    expect(state.stage).toBe("stopped");
    const early = world({
      now: new Date(MONDAY_10H.getTime() + 29 * 60_000),
      connection: { timeUseBotQueues: 30 },
    });
    expect(decide(state, say("oi"), early).actions).toEqual([]);
    const late = world({
      now: new Date(MONDAY_10H.getTime() + 30 * 60_000),
      connection: { timeUseBotQueues: 30 },
    });
    const again = decide(state, say("oi"), late);
    expect(sent(again.actions)).toHaveLength(1);
    expect(again.state).toMatchObject({ stage: "menu", menusSent: 1 });
  });
});

describe("chatbot options", () => {
  const boleto = option("Segunda via de boleto", { greetingMessage: "Seu boleto está no e-mail" });
  const plans = option("Planos", { greetingMessage: "Conheça nossos planos", closeTicket: false });
  const human = option("Falar com atendente", {
    queueType: "attendent",
    optUserId: 42,
    greetingMessage: "Já te chamo",
  });
  const finance = option("Financeiro", { greetingMessage: "Financeiro:", options: [boleto, human] });
  const bye = option("Encerrar", { greetingMessage: "Até logo", closeTicket: true });
  const withBot = queue(7, "Atendimento", {
    greetingMessage: "Bem-vindo ao atendimento",
    options: [finance, plans, bye],
  });

  const w = world({ queues: [withBot, support] });

  it("entering a queue with options shows its first level under its greeting", () => {
    const { actions } = converse(w, "oi", "1");
    expect(sent(actions).at(-1)).toBe(
      "Bem-vindo ao atendimento\n\n*[ 1 ]* - Financeiro\n*[ 2 ]* - Planos\n*[ 3 ]* - Encerrar\n*[ # ]* - Voltar",
    );
  });

  it("two levels: an option with options opens them; # goes back; an invalid answer repeats the level", () => {
    const roomy = world({ queues: [withBot, support], connection: { maxUseBotQueues: 10 } });
    const { state, actions } = converse(roomy, "oi", "1", "1", "9", "#", "1", "2");
    const texts = sent(actions);
    expect(texts[2]).toBe(
      "Financeiro:\n\n*[ 1 ]* - Segunda via de boleto\n*[ 2 ]* - Falar com atendente\n*[ # ]* - Voltar",
    );
    expect(texts[3]).toBe(texts[2]); // invalid answer: the same level again
    expect(texts[4]).toContain("*[ 1 ]* - Financeiro"); // '#': back to the queue's first level
    expect(actions.at(-1)).toEqual({ type: "assign", userId: 42 });
    expect(texts.at(-1)).toBe("Já te chamo");
    expect(state.stage).toBe("done");
  });

  it("a text option answers and stays; closeTicket answers and closes", () => {
    const { state, actions } = converse(
      world({ queues: [withBot, support], connection: { maxUseBotQueues: 0 } }),
      "oi",
      "1",
      "2",
      "3",
    );
    expect(sent(actions).slice(-2)).toEqual(["Conheça nossos planos", "Até logo"]);
    expect(actions.at(-1)).toEqual({ type: "close" });
    expect(state.stage).toBe("done");
  });

  it("a queue option moves the ticket; file and integration are handed to their seams", () => {
    const move = option("Ir para suporte", { queueType: "queue", optQueueId: 2 });
    const files = option("Catálogo", {
      queueType: "file",
      optFileId: 9,
      greetingMessage: "Segue o catálogo",
    });
    const q = queue(8, "Geral", {
      options: [move, files, option("Robô", { queueType: "integration", optIntegrationId: 4 })],
    });
    const base = world({ queues: [q, support] });
    expect(converse(base, "oi", "1", "1").actions).toContainEqual({ type: "enterQueue", queueId: 2 });
    expect(converse(base, "oi", "1", "2").actions).toContainEqual({ type: "sendFiles", fileListId: 9 });
    const handed = converse(base, "oi", "1", "3");
    expect(handed.actions).toContainEqual({ type: "handOver", integrationId: 4, messageId: null });
    // The integration holds the conversation now (handover.ts delivers each message to it).
    expect(handed.state).toMatchObject({ stage: "integration", integration: { id: 4 } });
  });

  it("a queue with a file list sends it when the bot brings the contact in: after its greeting, before its menu", () => {
    const plain = queue(5, "Arquivos", { fileListId: 7 });
    const withMenu = queue(6, "Menu", {
      fileListId: 8,
      options: [option("Um"), option("Dois")],
    });
    const base = world({ queues: [plain, withMenu] });
    const entered = converse(base, "oi", "1").actions;
    expect(entered.slice(-2)).toEqual([
      { type: "send", body: "Welcome to Arquivos" },
      { type: "sendFiles", fileListId: 7 },
    ]);
    const menu = converse(base, "oi", "2").actions;
    const filesAt = menu.findIndex((a) => a.type === "sendFiles");
    expect(menu[filesAt]).toEqual({ type: "sendFiles", fileListId: 8 });
    expect(menu.slice(filesAt + 1)).toEqual([expect.objectContaining({ type: "send" })]);
    expect(sent(menu).at(-1)).toContain("*[ 1 ]* - Um");
  });

  it("a level with a single option takes it at once", () => {
    const q = queue(9, "Único", {
      greetingMessage: "Oi",
      options: [option("Só isso", { greetingMessage: "Resposta" })],
    });
    const { actions } = converse(world({ queues: [q] }), "oi");
    expect(sent(actions)).toEqual(["Oi", "Resposta"]);
  });
});

describe("timeSendQueue", () => {
  const w = world({ connection: { timeSendQueue: 10, sendIdQueue: 2 } });

  it("the menu sets a timer; when it fires without a choice the ticket moves to sendIdQueue", () => {
    const first = decide(INITIAL_STATE, say("oi"), w);
    expect(first.state.timer).toEqual({ kind: "sendQueue", at: "2026-11-23T13:10:00.000Z" });
    const fired = decide(first.state, { type: "timer", kind: "sendQueue" }, w);
    expect(fired.actions[0]).toEqual({ type: "enterQueue", queueId: 2 });
    expect(fired.state.timer).toBeUndefined();
  });

  it("a choice clears the timer; a late timer then does nothing", () => {
    const { state } = converse(w, "oi", "1");
    expect(state.timer).toBeUndefined();
    expect(decide(state, { type: "timer", kind: "sendQueue" }, w).actions).toEqual([]);
  });

  it("no timer without a valid sendIdQueue", () => {
    const bad = world({ connection: { timeSendQueue: 10, sendIdQueue: 99 } });
    expect(decide(INITIAL_STATE, say("oi"), bad).state.timer).toBeUndefined();
  });
});

describe("the bot is quiet when it is not its turn", () => {
  it.each([
    ["an attendant holds the ticket", { ticket: { status: "open", userId: 3 } }],
    ["a user is set on a pending ticket", { ticket: { userId: 3 } }],
    ["a group", { ticket: { isGroup: true } }],
    ["the contact's bot is disabled", { contact: { disableBot: true } }],
    ["the ticket is closed", { ticket: { status: "closed" } }],
  ])("%s: no action, no timer", (_label, changes) => {
    const waiting = decide(
      INITIAL_STATE,
      say("oi"),
      world({ connection: { timeSendQueue: 5, sendIdQueue: 1 } }),
    );
    const d = decide(waiting.state, say("1"), world(changes as never));
    expect(d.actions).toEqual([]);
    expect(d.state.timer).toBeUndefined();
  });
});

describe("a ticket an attendant placed in a queue", () => {
  it("the contact's first message to it gets no menu: the queue's people answer", () => {
    const d = decide(INITIAL_STATE, say("oi"), world({ ticket: { queueId: 2 } }));
    expect(d.actions).toEqual([]);
    expect(d.state.stage).toBe("done");
    expect(decide(d.state, say("1"), world({ ticket: { queueId: 2 } })).actions).toEqual([]);
  });

  it("out of hours still answers the contact", () => {
    const w = world({
      ticket: { queueId: 2 },
      settings: {
        scheduleType: "company",
        companySchedules: [{ weekdayEn: "monday", startTimeA: "14:00", endTimeA: "18:00" }],
      },
    });
    expect(sent(decide(INITIAL_STATE, say("oi"), w).actions)).toEqual(["Estamos fechados"]);
  });
});

describe("rating (NPS)", () => {
  const nps = world({ ticket: { status: "nps", userId: 5, queueId: 1 } });
  const asked = decide(INITIAL_STATE, { type: "ratingRequested" }, nps);

  it("asks the rating question and waits expiresTicketNPS minutes", () => {
    expect(sent(asked.actions)).toEqual(["De 0 a 10, que nota nos dá?"]);
    expect(asked.state).toMatchObject({ stage: "rating", ratingAttempts: 0 });
    expect(asked.state.timer).toEqual({ kind: "ratingExpires", at: "2026-11-23T13:15:00.000Z" });
    // Asked again (a second run): nothing more.
    expect(decide(asked.state, { type: "ratingRequested" }, nps).actions).toEqual([]);
  });

  it.each([
    ["0", 0],
    [" 7 ", 7],
    ["10", 10],
  ])("%s is a score: stored, thanked, closed", (body, value) => {
    const d = decide(asked.state, say(body), nps);
    expect(d.actions).toEqual([
      { type: "rate", value },
      { type: "send", body: "Obrigado!" },
      { type: "close" },
    ]);
    expect(d.state.timer).toBeUndefined();
  });

  it("an invalid answer asks again; maxUseBotQueuesNPS invalid answers close it unrated", () => {
    let state = asked.state;
    const texts: string[] = [];
    const all: BotAction[] = [];
    for (const body of ["11", "ótimo", "-1"]) {
      const d = decide(state, say(body), nps);
      state = d.state;
      texts.push(...sent(d.actions));
      all.push(...d.actions);
    }
    expect(texts).toEqual(["De 0 a 10, que nota nos dá?", "De 0 a 10, que nota nos dá?"]);
    expect(all.at(-1)).toEqual({ type: "close" });
    expect(all.some((a) => a.type === "rate")).toBe(false);
  });

  it("expiresTicketNPS without a score: closed unrated", () => {
    const d = decide(asked.state, { type: "timer", kind: "ratingExpires" }, nps);
    expect(d.actions).toEqual([{ type: "close" }]);
  });

  it("an attendant reopening the ticket ends the wait; a later resolve asks again", () => {
    const reopened = decide(asked.state, say("5"), world({ ticket: { status: "open", userId: 5 } }));
    expect(reopened.actions).toEqual([]);
    expect(reopened.state.stage).toBe("done");
    expect(sent(decide(reopened.state, { type: "ratingRequested" }, nps).actions)).toHaveLength(1);
  });
});

describe("LGPD consent", () => {
  const lgpd = {
    enabled: true,
    consent: true,
    message: "Usamos seus dados para atendê-lo.",
    link: "https://loja.example/privacidade",
  };
  const question =
    "Usamos seus dados para atendê-lo.\n\nhttps://loja.example/privacidade\n\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito";

  it("a contact without consent is asked first; the ticket waits in lgpd", () => {
    const d = decide(INITIAL_STATE, say("oi"), world({ settings: { lgpd } }));
    expect(d.actions).toEqual([
      { type: "send", body: question },
      { type: "setStatus", status: "lgpd" },
    ]);
    expect(d.state.stage).toBe("lgpd");
  });

  it("accepting stores the consent and the greeting and menu follow; refusing closes", () => {
    const asked = decide(INITIAL_STATE, say("oi"), world({ settings: { lgpd } })).state;
    const waiting = world({ settings: { lgpd }, ticket: { status: "lgpd" } });
    const yes = decide(asked, say("1"), waiting);
    expect(yes.actions.slice(0, 2)).toEqual([
      { type: "lgpdAccepted" },
      { type: "setStatus", status: "pending" },
    ]);
    expect(sent(yes.actions)[0]).toContain("*[ 1 ]* - Vendas");
    expect(decide(asked, say("Não"), waiting).actions).toEqual([{ type: "close" }]);
    expect(sent(decide(asked, say("talvez"), waiting).actions)).toEqual([question]);
  });

  it("a contact who accepted before is not asked; without lgpdConsent the text only informs", () => {
    const accepted = world({ settings: { lgpd }, contact: { lgpdAcceptedAt: new Date("2026-01-01") } });
    expect(sent(decide(INITIAL_STATE, say("oi"), accepted).actions)[0]).toContain("*[ 1 ]* - Vendas");
    const inform = decide(
      INITIAL_STATE,
      say("oi"),
      world({ settings: { lgpd: { ...lgpd, consent: false } } }),
    );
    expect(sent(inform.actions)).toEqual([
      "Usamos seus dados para atendê-lo.\n\nhttps://loja.example/privacidade",
      "Olá! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
    ]);
    expect(inform.actions).not.toContainEqual({ type: "setStatus", status: "lgpd" });
  });
});

describe("queue position", () => {
  it("sendQueuePosition: a contact who ends up waiting in a queue is told their position", () => {
    const { actions } = converse(
      world({ settings: { queuePositionMessage: "Sua posição na fila:" } }),
      "oi",
      "2",
    );
    expect(actions.at(-1)).toEqual({ type: "tellPosition", queueId: 2, message: "Sua posição na fila:" });
  });

  it("not while the queue's chatbot still talks, nor without the setting", () => {
    const q = queue(7, "Bot", { options: [option("Um"), option("Dois")] });
    const withBot = world({ queues: [q, support], settings: { queuePositionMessage: "Posição:" } });
    expect(converse(withBot, "oi", "1").actions.some((a) => a.type === "tellPosition")).toBe(false);
    expect(converse(world(), "oi", "2").actions.some((a) => a.type === "tellPosition")).toBe(false);
  });
});

import type { PlanDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../../app/toast/toast-store";
import { stubMediaQuery } from "../../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { PlansTab } from "./PlansTab";

function buildPlan(overrides: Partial<PlanDto> = {}): PlanDto {
  return {
    id: 1,
    name: "Básico",
    users: 5,
    connections: 2,
    queues: 3,
    amount: "49.90",
    isPublic: true,
    useWhatsapp: true,
    useFacebook: true,
    useInstagram: true,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/**
 * The fake server keeps a plan list: GET /plans/all answers it, POST and PUT store the body
 * (or answer `refusal`), DELETE removes the plan (or answers `refusal`).
 */
function serve(
  options: { plans?: PlanDto[]; refusal?: { status: number; body: object }; listFails?: boolean } = {},
) {
  let plans = [...(options.plans ?? [])];
  let nextId = 100;
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (method === "GET" && url === "/plans/all") {
        if (options.listFails) return Response.json({ error: "ERR_INTERNAL", message: "x" }, { status: 500 });
        return Response.json(plans);
      }
      const id = Number(/^\/plans\/(\d+)$/.exec(url)?.[1]);
      if (["POST", "PUT", "DELETE"].includes(method) && options.refusal)
        return Response.json(options.refusal.body, { status: options.refusal.status });
      if (method === "POST" && url === "/plans") {
        const plan = buildPlan({ ...body, id: nextId++ });
        plans.push(plan);
        return Response.json(plan, { status: 201 });
      }
      const existing = plans.find((p) => p.id === id);
      if (method === "PUT" && existing) {
        const plan = { ...existing, ...body };
        plans = plans.map((p) => (p.id === id ? plan : p));
        return Response.json(plan);
      }
      if (method === "DELETE" && existing) {
        plans = plans.filter((p) => p.id !== id);
        return Response.json({ message: "Plan deleted" });
      }
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderTab() {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <PlansTab />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin", super: true }) }) },
  );
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const form = (name = "Novo plano") => screen.getByRole("form", { name });
const table = () => screen.getByRole("table", { name: "Planos" });
const rowOf = (name: string) => within(table()).getByText(name).closest("tr") as HTMLElement;
/** The row's texts; Intl writes a no-break space after "R$". */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent?.replace(/\u00a0/g, " "));

describe("PlansTab", () => {
  it("lists every plan with its limits, amount in R$ and flags as Sim/Não", async () => {
    serve({
      plans: [
        buildPlan(),
        buildPlan({ id: 2, name: "Interno", isPublic: false, amount: "0.00", useKanban: false }),
      ],
    });
    renderTab();
    await within(table()).findByText("Básico");
    const basic = cells(rowOf("Básico"));
    expect(basic.slice(0, 6)).toEqual(["Básico", "5", "2", "3", "R$ 49,90", "Sim"]);
    const internal = rowOf("Interno");
    expect(cells(internal).slice(4, 6)).toEqual(["R$ 0,00", "Não"]);
    // Kanban is the 8th flag: name, 3 limits, amount, public, then the 10 flags in order.
    expect(cells(internal)[6 + 7]).toBe("Não");
    expect(within(internal).getByRole("button", { name: "Editar Interno" })).toBeTruthy();
    expect(within(internal).getByRole("button", { name: "Excluir Interno" })).toBeTruthy();
  });

  it("on a phone shows a card per plan with its labelled values and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ plans: [buildPlan(), buildPlan({ id: 2, name: "Pro" })] });
      renderTab();
      const list = await screen.findByRole("list", { name: "Planos" });
      expect(screen.queryByRole("table", { name: "Planos" })).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const pro = cards[1] as HTMLElement;
      expect(pro.firstElementChild?.textContent).toBe("Pro");
      const terms = [...pro.querySelectorAll("dt")].map((term) => term.textContent);
      expect(terms.slice(0, 5)).toEqual(["Usuários", "Conexões", "Filas", "Valor", "Público"]);
      expect(terms).toHaveLength(5 + 10);
      fireEvent.click(within(pro).getByRole("button", { name: "Excluir Pro" }));
      expect(await screen.findByRole("dialog", { name: "Excluir Pro?" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("shows the loading state, then the empty state", async () => {
    serve();
    renderTab();
    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByText("Nenhum plano cadastrado.")).toBeTruthy();
  });

  it("says when the list cannot load", async () => {
    serve({ listFails: true });
    renderTab();
    expect(await screen.findByText("Não foi possível carregar a lista de registros")).toBeTruthy();
  });

  it("creates a plan from the form with the spec's defaults and the flags switched off, and lists it", async () => {
    const calls = serve();
    renderTab();
    await screen.findByText("Nenhum plano cadastrado.");
    type(within(form()).getByRole("textbox", { name: "Nome" }), "Premium");
    type(within(form()).getByRole("spinbutton", { name: "Usuários" }), "20");
    type(within(form()).getByRole("textbox", { name: "Valor" }), "199,90");
    fireEvent.click(within(form()).getByRole("switch", { name: "Público" }));
    fireEvent.click(within(form()).getByRole("switch", { name: "Open.AI" }));
    fireEvent.click(within(form()).getByRole("button", { name: "Salvar" }));

    await within(table()).findByText("Premium");
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/plans",
      body: {
        name: "Premium",
        users: 20,
        connections: 10,
        queues: 10,
        amount: "199.90",
        isPublic: false,
        useWhatsapp: true,
        useFacebook: true,
        useInstagram: true,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: false,
        useIntegrations: true,
      },
    });
    expect(toasts.map((t) => t.message)).toContain("Operação realizada com sucesso!");
    // The form starts over for the next plan.
    expect((within(form()).getByRole("textbox", { name: "Nome" }) as HTMLInputElement).value).toBe("");
  });

  it("refuses a form without a name, with a negative limit or a bad amount, in Portuguese, sending nothing", async () => {
    const calls = serve();
    renderTab();
    await screen.findByText("Nenhum plano cadastrado.");
    type(within(form()).getByRole("spinbutton", { name: "Filas" }), "-1");
    type(within(form()).getByRole("textbox", { name: "Valor" }), "1,999");
    fireEvent.click(within(form()).getByRole("button", { name: "Salvar" }));
    const name = within(form()).getByRole("textbox", { name: "Nome" });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const helper = (field: HTMLElement) =>
      document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(helper(name)).toBe("Informe um nome de 1 a 100 caracteres.");
    expect(helper(within(form()).getByRole("spinbutton", { name: "Filas" }))).toBe(
      "Informe um número inteiro de 0 a 2147483647.",
    );
    expect(helper(within(form()).getByRole("textbox", { name: "Valor" }))).toBe(
      "Informe um valor de 0 a 9999999999,99, com até duas casas decimais.",
    );
    // None of the shared schema's English texts reaches the Portuguese interface.
    expect(within(form()).queryByText(/Required|Must be|Too large|Too Long!/)).toBeNull();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("edits a plan picked in the table: the form holds its values and PUT sends the change", async () => {
    const calls = serve({ plans: [buildPlan()] });
    renderTab();
    await within(table()).findByText("Básico");
    fireEvent.click(within(rowOf("Básico")).getByRole("button", { name: "Editar Básico" }));
    const editForm = form("Editar plano Básico");
    expect((within(editForm).getByRole("textbox", { name: "Valor" }) as HTMLInputElement).value).toBe(
      "49.90",
    );
    expect((within(editForm).getByRole("spinbutton", { name: "Conexões" }) as HTMLInputElement).value).toBe(
      "2",
    );
    type(within(editForm).getByRole("spinbutton", { name: "Conexões" }), "4");
    fireEvent.click(within(editForm).getByRole("switch", { name: "Kanban" }));
    fireEvent.click(within(editForm).getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(cells(rowOf("Básico"))[2]).toBe("4"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toBe("/plans/1");
    expect(put?.body).toMatchObject({ name: "Básico", connections: 4, useKanban: false, amount: "49.90" });
    expect(screen.getByRole("form", { name: "Novo plano" })).toBeTruthy();
  });

  it("a refused save shows the spec's message and keeps what was typed", async () => {
    serve({
      plans: [buildPlan()],
      refusal: {
        status: 400,
        body: { error: "ERR_PLAN_NAME_ALREADY_EXISTS", message: "taken", field: "name" },
      },
    });
    renderTab();
    await within(table()).findByText("Básico");
    type(within(form()).getByRole("textbox", { name: "Nome" }), "Básico");
    fireEvent.click(within(form()).getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toEqual([
        "Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente",
      ]),
    );
    expect((within(form()).getByRole("textbox", { name: "Nome" }) as HTMLInputElement).value).toBe("Básico");
  });

  it("deletes only after the confirmation; cancelling keeps the plan", async () => {
    const calls = serve({ plans: [buildPlan(), buildPlan({ id: 2, name: "Pro" })] });
    renderTab();
    await within(table()).findByText("Pro");
    fireEvent.click(within(rowOf("Pro")).getByRole("button", { name: "Excluir Pro" }));
    let dialog = await screen.findByRole("dialog", { name: "Excluir Pro?" });
    expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    fireEvent.click(within(rowOf("Pro")).getByRole("button", { name: "Excluir Pro" }));
    dialog = await screen.findByRole("dialog", { name: "Excluir Pro?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(within(table()).queryByText("Pro")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([{ method: "DELETE", url: "/plans/2" }]);
    expect(toasts.map((t) => t.message)).toContain("Operação realizada com sucesso!");
    expect(within(table()).getByText("Básico")).toBeTruthy();
  });

  it("a plan in use is kept and the toast says why", async () => {
    serve({
      plans: [buildPlan()],
      refusal: { status: 409, body: { error: "ERR_PLAN_IN_USE", message: "in use" } },
    });
    renderTab();
    await within(table()).findByText("Básico");
    fireEvent.click(within(rowOf("Básico")).getByRole("button", { name: "Excluir Básico" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Excluir Básico?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toEqual([
        "Este plano está em uso por empresas. Mude-as para outro plano antes de excluí-lo.",
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(table()).getByText("Básico")).toBeTruthy();
  });
});

import type { CampaignDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import type { Socket } from "socket.io-client";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";

const NOW = "2026-11-26T12:00:00.000Z";

/** A campaign as the API answers it. */
export function buildCampaign(overrides: Partial<CampaignDto> = {}): CampaignDto {
  return {
    id: 1,
    name: "Black Friday",
    status: "INATIVA",
    confirmation: false,
    scheduledAt: null,
    completedAt: null,
    message1: "Olá {nome}!",
    message2: "",
    message3: "",
    message4: "",
    message5: "",
    confirmationMessage1: "",
    confirmationMessage2: "",
    confirmationMessage3: "",
    confirmationMessage4: "",
    confirmationMessage5: "",
    contactListId: 7,
    contactList: { id: 7, name: "Clientes VIP" },
    tagListId: null,
    tagList: null,
    whatsappId: 3,
    whatsapp: { id: 3, name: "Vendas", channel: "whatsapp" },
    userId: null,
    user: null,
    queueId: null,
    queue: null,
    statusTicket: "closed",
    openTicket: "disabled",
    templates: [],
    mediaPath: null,
    mediaName: null,
    companyId: 2,
    editable: true,
    report: { contacts: 10, valid: 8, delivered: 2, failed: 1, confirmationRequested: 0, confirmed: 0 },
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export interface FakeApi {
  /** Requests made, as "METHOD path". */
  requests: string[];
  /** Requests made, as "METHOD url" (with the query). */
  urls: string[];
  /** Bodies sent, by "METHOD path". */
  bodies: Map<string, unknown>;
}

type Handler = (method: string, path: string, body: unknown) => Response | undefined;

/** A fake API answering the campaign calls and the dialog's pickers; `extra` answers first. */
export function serveCampaigns(campaigns: CampaignDto[], extra?: Handler): FakeApi {
  const fake: FakeApi = { requests: [], urls: [], bodies: new Map() };
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const path = url.split("?")[0] ?? url;
      fake.requests.push(`${method} ${path}`);
      fake.urls.push(`${method} ${url}`);
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      fake.bodies.set(`${method} ${path}`, body);
      const answer = extra?.(method, path, body);
      if (answer) return answer;
      const byId = campaigns.find((c) => path.startsWith(`/campaigns/${c.id}`));
      if (method === "GET" && path === "/campaigns/")
        return Response.json({ records: campaigns, count: campaigns.length, hasMore: false });
      if (method === "GET" && byId && path === `/campaigns/${byId.id}`) return Response.json(byId);
      if (method === "POST" && path === "/campaigns")
        return Response.json(
          { ...buildCampaign(), ...(body as object), id: 99, scheduledAt: null },
          { status: 201 },
        );
      if (method === "PUT" && byId)
        return Response.json({ ...byId, ...(body as object), scheduledAt: byId.scheduledAt });
      if (method === "DELETE" && byId) return Response.json({ message: "ok" });
      if (method === "POST" && byId && path.endsWith("/cancel"))
        return Response.json({ ...byId, status: "CANCELADA" });
      if (method === "POST" && byId && path.endsWith("/restart"))
        return Response.json({ ...byId, status: "EM_ANDAMENTO" });
      if (method === "GET" && path === "/campaign-settings")
        return Response.json([
          { key: "variables", value: JSON.stringify([{ key: "cupom", value: "BF10" }]) },
        ]);
      if (method === "GET" && path === "/whatsapp")
        return Response.json([{ id: 3, name: "Vendas", channel: "whatsapp", status: "CONNECTED" }]);
      if (method === "GET" && path === "/contact-lists")
        return Response.json({
          records: [{ id: 7, name: "Clientes VIP", contactsCount: 2 }],
          count: 1,
          hasMore: false,
        });
      if (method === "GET" && path === "/tags/list")
        return Response.json([{ id: 5, name: "Leads", color: "#000" }]);
      return unknownRequest(method, url);
    },
  });
  return fake;
}

/** Render `ui` signed in as an admin of company 2, with a fake socket the test can push events to. */
export function renderCampaignPage(ui: ReactElement, path: string, user = buildUser({ profile: "admin" })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const socket = new FakeSocket();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        {ui}
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: [path] },
  );
  return { socket, client };
}

import type { ChatbotOptionDto, FileListSummary, QueueDetailDto, QueueDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { configureApiClient } from "../../api/client";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { isAdmin } from "../../app/permissions";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { QueuesPage } from "./QueuesPage";

/** The queues page tests' fake server and render (QueuesPage.test.tsx, QueueFilePickers.test.tsx). */

export function buildQueue(overrides: Partial<QueueDetailDto> = {}): QueueDetailDto {
  return {
    id: 1,
    name: "Suporte",
    color: "#1273DE",
    greetingMessage: "Olá! Escolha uma opção",
    outOfHoursMessage: null,
    orderQueue: 1,
    closeTicket: false,
    ativarRoteador: false,
    tempoRoteador: 0,
    integrationId: null,
    fileListId: null,
    schedules: [],
    chatbots: [],
    ...overrides,
  };
}

export function buildOption(overrides: Partial<ChatbotOptionDto> = {}): ChatbotOptionDto {
  return {
    id: 10,
    queueId: 1,
    chatbotId: null,
    name: "Financeiro",
    greetingMessage: "Escolha",
    queueType: "text",
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
    ...overrides,
  };
}

export const listed = ({ chatbots: _tree, ...queue }: QueueDetailDto): QueueDto => queue;

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * The fake server: GET /queue answers the list, GET /queue/{id} a queue of
 * `details`, /companySettingOne the scheduleType, /users/list the users, /files/list the file lists,
 * /queueIntegration the integrations;
 * POST and PUT answer `saved` (or `refusal`), DELETE /queue/{id} succeeds.
 */
export function serve(
  options: {
    queues?: QueueDetailDto[];
    scheduleType?: string;
    users?: UserDto[];
    saved?: QueueDetailDto;
    refusal?: { status: number; body: object };
    fileLists?: FileListSummary[];
    /** GET /queueIntegration's integrations (one page). */
    integrations?: { id: number; name: string; type: string }[];
  } = {},
) {
  const queues = options.queues ?? [];
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (method === "GET" && url === "/queue") return Response.json(queues.map(listed));
      if (method === "GET" && url === "/companySettingOne?column=scheduleType")
        return Response.json({ scheduleType: options.scheduleType ?? "disabled" });
      if (method === "GET" && url === "/users/list") return Response.json(options.users ?? []);
      if (method === "GET" && url === "/files/list") return Response.json(options.fileLists ?? []);
      // The pickers read only id, name and type of each integration.
      if (method === "GET" && url.startsWith("/queueIntegration?")) {
        const queueIntegrations = options.integrations ?? [];
        return Response.json({ queueIntegrations, count: queueIntegrations.length, hasMore: false });
      }
      const detail = queues.find((queue) => url === `/queue/${queue.id}`);
      if (method === "GET" && detail) return Response.json(detail);
      if ((method === "POST" && url === "/queue") || (method === "PUT" && detail)) {
        if (options.refusal) return Response.json(options.refusal.body, { status: options.refusal.status });
        if (options.saved) return Response.json(options.saved, { status: method === "POST" ? 201 : 200 });
      }
      if (method === "DELETE" && detail) return Response.json({ message: "Queue deleted" });
      return unknownRequest(method, url);
    },
  });
  return calls;
}

export const admin = buildUser({ profile: "admin" });
/** The toasts shown since the last renderPage. */
export const toasts: ToastMessage[] = [];
let unsubscribe = () => {};
/** Stops collecting toasts (afterEach). */
export const stopToasts = () => unsubscribe();

/** The /queues route as AppRoutes declares it, with a socket the test can push events into. */
export function renderPage(user: UserDto = admin) {
  toasts.length = 0;
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <RequirePermission allow={isAdmin}>
          <QueuesPage />
        </RequirePermission>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/queues"] },
  );
  return socket;
}

export const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** Chooses `option` in the MUI select labelled `label` inside `scope`. */
export async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

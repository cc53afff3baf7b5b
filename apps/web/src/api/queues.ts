import type {
  ChatbotOptionType,
  QueueDetailDto,
  QueueDto,
  QueueEventPayload,
  QueueScheduleDayInput,
} from "@inbox/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { emptyOnNotFound } from "./not-found";
import { queryKeys } from "./query-keys";

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

/** One chatbot option as the modal sends it; `id` keeps an existing option (PUT replaces the tree). */
export interface ChatbotOptionBody {
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  /** The file list a `file` option sends. */
  optFileId: number | null;
  /** The integration an `integration` option hands the contact to. */
  optIntegrationId: number | null;
  options: ChatbotOptionBody[];
}

/** What the queue modal sends (POST /queue, PUT /queue/{id}); `schedules` only when the tab shows. */
export interface QueueBody {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  /** The integration the bot hands a contact it brings into the queue to, after the greeting. */
  integrationId: number | null;
  /** The file list the bot sends when it brings a contact into the queue. */
  fileListId: number | null;
  schedules?: QueueScheduleDayInput[];
  chatbots: ChatbotOptionBody[];
}

export const queuesApi = {
  list: (signal?: AbortSignal) => api.get<QueueDto[]>("/queue", undefined, signal),
  get: (id: number, signal?: AbortSignal) => api.get<QueueDetailDto>(`/queue/${id}`, undefined, signal),
  create: (body: QueueBody) => api.post<QueueDetailDto>("/queue", body),
  update: (id: number, body: QueueBody) => api.put<QueueDetailDto>(`/queue/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/queue/${id}`),
};

const listQuery = {
  queryKey: queryKeys.queues,
  queryFn: ({ signal }: { signal: AbortSignal }) => emptyOnNotFound(() => queuesApi.list(signal)),
};

/** The queues page's list (GET /queue, by orderQueue then id); live events keep it current. */
export function useQueues() {
  return useQuery(listQuery);
}

/** The same list for pickers: a minute old is fresh enough. */
export function useQueueOptions(enabled = true) {
  return useQuery<QueueDto[], Error, QueueOption[]>({
    ...listQuery,
    enabled,
    staleTime: 60_000,
    select: (list) => list.map(({ id, name, color }) => ({ id, name, color })),
  });
}

/** One queue with its schedules and option tree; always fetched again when the modal opens. */
export function useQueue(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.queues, "detail", id ?? 0] as const,
    queryFn: ({ signal }) => queuesApi.get(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The list in the menu's order: orderQueue (unset last), then id, as the server sorts it. */
function sorted(list: QueueDto[]): QueueDto[] {
  const order = (q: QueueDto) => q.orderQueue ?? Number.POSITIVE_INFINITY;
  return [...list].sort((a, b) => order(a) - order(b) || a.id - b.id);
}

/** A `company-{id}-queue` event applied to the list, in place. */
export function applyQueueEvent(list: QueueDto[], event: QueueEventPayload): QueueDto[] {
  if (event.action === "delete") return list.filter((q) => q.id !== event.queueId);
  return sorted([...list.filter((q) => q.id !== event.queue.id), event.queue]);
}

export function storeQueueEvent(queryClient: QueryClient, event: QueueEventPayload): void {
  queryClient.setQueryData<QueueDto[]>(queryKeys.queues, (list) =>
    list ? applyQueueEvent(list, event) : list,
  );
}

/** The list row of a saved queue (the detail without its tree). */
function listed({ chatbots: _tree, ...queue }: QueueDetailDto): QueueDto {
  return queue;
}

export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QueueBody }) =>
      id === null ? queuesApi.create(body) : queuesApi.update(id, body),
    onSuccess: (saved, { id }) =>
      storeQueueEvent(queryClient, { action: id === null ? "create" : "update", queue: listed(saved) }),
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queuesApi.remove,
    onSuccess: (_answer, queueId) => storeQueueEvent(queryClient, { action: "delete", queueId }),
  });
}

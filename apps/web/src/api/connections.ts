import {
  CHANNELS,
  type Channel,
  CONNECTION_STATUSES,
  type ConnectionCreateInput,
  type ConnectionDto,
  type ConnectionStatus,
  type ConnectionUpdateInput,
  type FacebookPagesInput,
  type FacebookPagesResult,
  type PlatformConnectionDto,
} from "@inbox/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "./client";
import { applySavedConnection } from "./connection-cache";
import { queryKeys } from "./query-keys";

/** The part of a connection that pickers (user modal, filters) use. */
export interface ConnectionOption {
  id: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
}

/** POST /whatsapp takes the create schema's input; omitted fields take its defaults. */
export type ConnectionCreateBody = Partial<ConnectionCreateInput> &
  Pick<ConnectionCreateInput, "name" | "channel">;

/** QR-code session actions (spec 2 section 4): try again, new QR code, disconnect. */
export type SessionAction = "start" | "renew" | "stop";

/** The DTO types channel as a string; narrow it before using it as a key. */
export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value);
}

export function isConnectionStatus(value: unknown): value is ConnectionStatus {
  return typeof value === "string" && (CONNECTION_STATUSES as readonly string[]).includes(value);
}

const SESSION_METHODS = { start: "POST", renew: "PUT", stop: "DELETE" } as const;

export const connectionsApi = {
  list: (signal?: AbortSignal) => api.get<ConnectionDto[]>("/whatsapp", undefined, signal),
  /** GET /whatsapp/all: every company's connections (super only), without their secrets. */
  listAll: (signal?: AbortSignal) =>
    api.get<PlatformConnectionDto[]>("/whatsapp/all", { session: 0 }, signal),
  /** GET /whatsapp?companyId=: another company's connections (super only). */
  listOfCompany: (companyId: number, signal?: AbortSignal) =>
    api.get<ConnectionDto[]>("/whatsapp", { companyId, session: 0 }, signal),
  get: (id: number, signal?: AbortSignal) => api.get<ConnectionDto>(`/whatsapp/${id}`, undefined, signal),
  create: (body: ConnectionCreateBody) => api.post<ConnectionDto>("/whatsapp", body),
  update: (id: number, body: ConnectionUpdateInput) => api.put<ConnectionDto>(`/whatsapp/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/whatsapp/${id}`),
  session: (id: number, action: SessionAction) =>
    apiRequest<ConnectionDto>(`/whatsappsession/${id}`, { method: SESSION_METHODS[action] }),
  /** POST /whatsapp-restart: the company's running or paired QR-code sessions get a new socket. */
  restartSessions: () => api.post<{ message: string; restarted: number }>("/whatsapp-restart"),
  /** POST /closedimported/{id}: closes the tickets the connection's message import left open. */
  closeImported: (id: number) => api.post<{ message: string; closed: number }>(`/closedimported/${id}`),
  addFacebookPages: (body: FacebookPagesInput) => api.post<FacebookPagesResult>("/facebook", body),
  /** POST /whatsapp/{id}/media-upload: the greeting's file as multipart `file`. */
  uploadGreetingMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<ConnectionDto>(`/whatsapp/${id}/media-upload`, { method: "POST", body: form });
  },
  /** DELETE /whatsapp/{id}/media-upload: the greeting goes without a file. */
  removeGreetingMedia: (id: number) => api.delete<ConnectionDto>(`/whatsapp/${id}/media-upload`),
  /** GET /companySettings/{companyId}: the settings the dialog follows (userRating, scheduleType). */
  companySettings: (companyId: number, signal?: AbortSignal) =>
    api.get<Record<string, string | null>>(`/companySettings/${companyId}`, undefined, signal),
};

const listQuery = {
  queryKey: queryKeys.connections.list,
  queryFn: ({ signal }: { signal: AbortSignal }) => connectionsApi.list(signal),
};

/** The company's connections; live events keep this cache current (realtime/ConnectionEvents). */
export function useConnections(enabled = true) {
  return useQuery({ ...listQuery, enabled });
}

/** /allConnections: every company's connections (super only). */
export function usePlatformConnections() {
  return useQuery({
    queryKey: queryKeys.connections.platform,
    queryFn: ({ signal }) => connectionsApi.listAll(signal),
  });
}

/** One company's connections as the platform owner sees them; fetched when `companyId` is set. */
export function useCompanyConnections(companyId: number | null) {
  return useQuery({
    queryKey: queryKeys.connections.ofCompany(companyId ?? 0),
    queryFn: ({ signal }) => connectionsApi.listOfCompany(companyId ?? 0, signal),
    enabled: companyId !== null,
  });
}

/** The same list for pickers: a minute old is fresh enough. */
export function useConnectionOptions(enabled = true) {
  return useQuery<ConnectionDto[], Error, ConnectionOption[]>({
    ...listQuery,
    enabled,
    staleTime: 60_000,
    select: (list) =>
      list.map(({ id, name, channel, status }) => ({
        id,
        name,
        channel: channel as Channel,
        status: status as ConnectionStatus,
      })),
  });
}

/** One connection with the manager-only fields; always fetched again when the dialog opens. */
export function useConnection(id: number | null) {
  return useQuery({
    queryKey: queryKeys.connections.detail(id ?? 0),
    queryFn: ({ signal }) => connectionsApi.get(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The company settings the connection dialog depends on: userRating makes
 * the rating message and NPS expiry required, scheduleType "connection"
 * shows the schedules tab. Read fresh each time the dialog opens.
 */
export function useConnectionSettings(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["settings", "companySettings", companyId],
    queryFn: ({ signal }) => connectionsApi.companySettings(companyId, signal),
    enabled,
    staleTime: 0,
    select: (settings) => ({
      userRating: settings.userRating === "enabled",
      scheduleType: settings.scheduleType ?? "disabled",
    }),
  });
}

/**
 * Loads the list again from scratch: a load still in flight is cancelled first (TanStack Query
 * would otherwise wait for it, and its answer may predate the change that asked for the reload).
 */
export function reloadConnections(queryClient: QueryClient): void {
  const queryKey = queryKeys.connections.list;
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

/**
 * Put a connection the server answered with into the list, in place; with no list cached yet (still
 * loading, perhaps from before the save) the list is loaded again instead, so the save is never lost.
 */
export function storeConnection(queryClient: QueryClient, saved: ConnectionDto): void {
  if (queryClient.getQueryData(queryKeys.connections.list) === undefined) {
    reloadConnections(queryClient);
    return;
  }
  queryClient.setQueryData<ConnectionDto[]>(queryKeys.connections.list, (list) =>
    list ? applySavedConnection(list, saved) : list,
  );
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectionsApi.create,
    onSuccess: (saved) => storeConnection(queryClient, saved),
  });
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConnectionUpdateInput }) =>
      connectionsApi.update(id, body),
    onSuccess: (saved) => storeConnection(queryClient, saved),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await connectionsApi.remove(id);
      return id;
    },
    onSuccess: (id) =>
      queryClient.setQueryData<ConnectionDto[]>(queryKeys.connections.list, (list) =>
        list?.filter((item) => item.id !== id),
      ),
  });
}

/** POST /facebook: the pages (and Instagram accounts) of a Facebook Login become connections. */
export function useAddFacebookPages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectionsApi.addFacebookPages,
    onSuccess: (result) => {
      for (const saved of result.connections) storeConnection(queryClient, saved);
    },
  });
}

export function useSessionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) => connectionsApi.session(id, action),
    onSuccess: (saved) => storeConnection(queryClient, saved),
  });
}

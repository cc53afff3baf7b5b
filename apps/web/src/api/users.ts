import {
  LIMITS,
  type UserCreateInput,
  type UserDto,
  type UserList,
  type UserUpdateInput,
} from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDebouncedValue } from "../app/hooks/use-debounced-value";
import { api, apiRequest } from "./client";
import { queryKeys } from "./query-keys";

export type UserCreateBody = Partial<UserCreateInput> & Pick<UserCreateInput, "name" | "email" | "password">;

export const usersApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<UserList>("/users", { searchParam, pageNumber }, signal),
  list: () => api.get<UserDto[]>("/users/list"),
  get: (id: number) => api.get<UserDto>(`/users/${id}`),
  create: (body: UserCreateBody) => api.post<UserDto>("/users", body),
  update: (id: number, body: UserUpdateInput) => api.put<UserDto>(`/users/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/users/${id}`),
  uploadImage: (id: number, file: File) => {
    const form = new FormData();
    form.append("userId", String(id));
    form.append("typeArch", "user");
    form.append("profileImage", file);
    return apiRequest<{ user: UserDto }>(`/users/${id}/media-upload`, { method: "POST", body: form });
  },
  setTicketsWidth: (id: number, defaultTicketsManagerWidth: number) =>
    api.put<UserDto>(`/users/toggleChangeWidht/${id}`, { defaultTicketsManagerWidth }),
};

/** Every user of the company, by id and name, for pickers (GET /users/list: the whole list, not a page). */
export function useUserChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.users.all, "choices"] as const,
    queryFn: () => usersApi.list(),
    enabled,
    staleTime: 60_000,
    select: (list) => list.map(({ id, name }) => ({ id, name })),
  });
}

/** Every user of the company with the ids of their queues (GET /users/list), for the transfer dialog. */
export function useUsersWithQueues(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.users.all, "choices"] as const,
    queryFn: () => usersApi.list(),
    enabled,
    staleTime: 60_000,
    select: (list) => list.map(({ id, name, queues }) => ({ id, name, queueIds: queues.map((q) => q.id) })),
  });
}

/**
 * Users whose name matches `term`, asked only once it has 3 characters (spec 1 section 5, spec 3
 * section 5), debounced 500 ms: the first page of GET /users?searchParam.
 */
export function useUserSearch(term: string) {
  const search = useDebouncedValue(term.trim(), LIMITS.searchDebounceMs);
  const enabled = search.length >= LIMITS.searchMinChars;
  const query = useQuery({
    queryKey: [...queryKeys.users.all, "search", search] as const,
    queryFn: ({ signal }) => usersApi.page(search, 1, signal),
    enabled,
  });
  return { users: enabled ? (query.data?.users ?? []) : [], loading: enabled && query.isFetching };
}

/** The users list, one page of LIMITS.pageSize per pageNumber. */
export function useUsersInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.users.list(searchParam),
    queryFn: ({ pageParam, signal }) => usersApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.users.detail(id ?? 0),
    queryFn: () => usersApi.get(id ?? 0),
    enabled: id !== null,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: usersApi.create, onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateInput }) => usersApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: usersApi.remove, onSuccess: invalidate });
}

export function useUploadUserImage() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => usersApi.uploadImage(id, file),
    onSuccess: invalidate,
  });
}

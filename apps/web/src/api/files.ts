import type {
  FileListDto,
  FileListEventPayload,
  FileListInput,
  FileListPage,
  FileListSummary,
} from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api, apiRequest } from "./client";

/** The /files page's pages and the queue and chatbot pickers' list. */
export const fileListKeys = {
  all: ["fileLists"] as const,
  list: (searchParam: string) => ["fileLists", "list", searchParam] as const,
  summaries: ["fileLists", "summaries"] as const,
};

/** A file to attach to an option: the option's id, and the file. */
export interface OptionUpload {
  optionId: number;
  file: File;
}

export const filesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<FileListPage>("/files", { searchParam, pageNumber }, signal),
  summaries: (signal?: AbortSignal) => api.get<FileListSummary[]>("/files/list", undefined, signal),
  create: (body: FileListInput) => api.post<FileListDto>("/files", body),
  update: (id: number, body: FileListInput) => api.put<FileListDto>(`/files/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/files/${id}`),
  /** Spec 3 section 7: fileId and typeArch, then per file the parts files, mediaType, name and id. */
  upload: (id: number, uploads: OptionUpload[]) => {
    const form = new FormData();
    form.append("fileId", String(id));
    form.append("typeArch", "fileList");
    for (const { optionId, file } of uploads) {
      form.append("files", file);
      form.append("mediaType", file.type || "application/octet-stream");
      form.append("name", file.name);
      form.append("id", String(optionId));
    }
    return apiRequest<FileListDto>(`/files/uploadList/${id}`, { method: "POST", body: form });
  },
};

/** The company's file lists by name, a page of 20 at a time. */
export function useFileListsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: fileListKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => filesApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Every file list by id and name, for the queue and chatbot pickers (GET /files/list). */
export function useFileListOptions(enabled = true) {
  return useQuery({
    queryKey: fileListKeys.summaries,
    queryFn: ({ signal }) => filesApi.summaries(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** Keeps the page and the pickers live: `company-{id}-file` loads them again. */
export function useFileListEvents() {
  useRealtimeInvalidation<FileListEventPayload>("file", [fileListKeys.all]);
}

/** What the dialog saves: the fields, then the new files of its options. */
export interface FileListSave {
  id: number | null;
  body: FileListInput;
  /**
   * Per option of `body.options`, in order, the file to attach (null for none). An option without
   * an id gets its id from the saved list: new options are created in the order sent.
   */
  files: (File | null)[];
}

/** The options of `saved` that `body` added, in the order sent (the server creates them in order). */
function addedOptionIds(saved: FileListDto, body: FileListInput): number[] {
  const kept = new Set(body.options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
  return saved.options
    .filter((option) => !kept.has(option.id))
    .map((option) => option.id)
    .sort((a, b) => a - b);
}

/**
 * Saves the fields, then uploads the new files. A refused upload comes back as `uploadError` with
 * the saved list, not as a failure: the list exists by then.
 */
export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, files }: FileListSave) => {
      const saved = id === null ? await filesApi.create(body) : await filesApi.update(id, body);
      const added = addedOptionIds(saved, body);
      let next = 0;
      const uploads: OptionUpload[] = [];
      body.options.forEach((option, index) => {
        const optionId = option.id ?? added[next++];
        const file = files[index];
        if (file && optionId !== undefined) uploads.push({ optionId, file });
      });
      if (uploads.length === 0) return { saved, uploadError: null };
      // The fields are saved: a refused file must not make the dialog save (create) them again.
      try {
        return { saved: await filesApi.upload(saved.id, uploads), uploadError: null };
      } catch (uploadError) {
        return { saved, uploadError };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileListKeys.all }),
  });
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filesApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileListKeys.all }),
  });
}

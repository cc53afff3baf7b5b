import type {
  CompanyCreateInput,
  CompanyDto,
  CompanyOptionDto,
  CompanyPageDto,
  CompanyUpdateInput,
} from "@inbox/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/**
 * The companies tab and page (spec 2 section 7), super users: GET /companies (searchParam,
 * pageNumber), GET /companies/list, POST /companies, PUT and DELETE /companies/{id}.
 */
export const companiesKeys = {
  all: ["companies"] as const,
  page: (searchParam: string, pageNumber: number) => ["companies", "page", searchParam, pageNumber] as const,
  options: ["companies", "list"] as const,
};

export const companiesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<CompanyPageDto>("/companies", { searchParam, pageNumber }, signal),
  options: (signal?: AbortSignal) => api.get<CompanyOptionDto[]>("/companies/list", undefined, signal),
  create: (body: CompanyCreateInput) => api.post<CompanyDto>("/companies", body),
  update: (id: number, body: CompanyUpdateInput) => api.put<CompanyDto>(`/companies/${id}`, body),
  /** Starts the deletion job; `name` is the company's name as typed to confirm. */
  remove: (id: number, name: string) =>
    api.delete<{ message: string; companyId: number }>(`/companies/${id}`, { name }),
};

/** One page of companies (the previous one stays on screen while the next loads). */
export function useCompaniesPage(searchParam: string, pageNumber: number) {
  return useQuery({
    queryKey: companiesKeys.page(searchParam, pageNumber),
    queryFn: ({ signal }) => companiesApi.page(searchParam, pageNumber, signal),
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or updates a company; the lists are read again after. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CompanyCreateInput | CompanyUpdateInput }) =>
      id === null ? companiesApi.create(body as CompanyCreateInput) : companiesApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }),
  });
}

export function useDeleteCompany() {
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => companiesApi.remove(id, name),
  });
}

import {
  advanceDueDate,
  COMPANIES_PAGE_SIZE,
  type CompanyCreateInput,
  type CompanyDeletionPayload,
  type CompanyDto,
} from "@inbox/shared";
import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { companiesKeys, useCompaniesPage, useDeleteCompany, useSaveCompany } from "../../../api/companies";
import { usePlans } from "../../../api/plans";
import { useDebouncedValue } from "../../../app/hooks/use-debounced-value";
import { errorMessage } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { useCompanyEvent } from "../../../realtime/realtime-context";
import { CompaniesTable } from "./CompaniesTable";
import { CompanyForm } from "./CompanyForm";
import { CompanyInvoicesDialog } from "./CompanyInvoicesDialog";
import { emptyCompanyForm, toCompanyForm } from "./company-form";
import { DeleteCompanyDialog } from "./DeleteCompanyDialog";

/** Spec 9: list searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The companies tab of /settings and the /companies page (spec 2, super users): a form above a
 * searchable, paged table. Deleting asks for the company's name and shows the job's progress.
 * Failures say what spec 2 section 8 says.
 */
export function CompaniesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageNumber, setPageNumber] = useState(1);
  const page = useCompaniesPage(searchParam, pageNumber);
  const plans = usePlans();
  const saveCompany = useSaveCompany();
  const deleteCompany = useDeleteCompany();
  const [editing, setEditing] = useState<CompanyDto | null>(null);
  const [invoicesOf, setInvoicesOf] = useState<CompanyDto | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [toDelete, setToDelete] = useState<CompanyDto | null>(null);
  const [deletionStarted, setDeletionStarted] = useState(false);
  const [progress, setProgress] = useState<CompanyDeletionPayload | null>(null);
  const [advancing, setAdvancing] = useState<number | null>(null);

  const edit = (company: CompanyDto | null) => {
    setEditing(company);
    setFormVersion((v) => v + 1);
  };

  useCompanyEvent<CompanyDeletionPayload>("companyDeletion", (payload) => {
    if (payload.companyId === toDelete?.id) setProgress(payload);
    if (payload.finished) {
      toast.success(t("companies.deleted"));
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all });
      if (editing?.id === payload.companyId) edit(null);
    }
  });

  const save = async (values: CompanyCreateInput) => {
    try {
      await saveCompany.mutateAsync({ id: editing?.id ?? null, body: values });
    } catch (error) {
      toast.error(t("companies.saveFailed"));
      throw error;
    }
    toast.success(t("companies.saved"));
    edit(null);
  };

  const advance = async (company: CompanyDto) => {
    setAdvancing(company.id);
    try {
      await saveCompany.mutateAsync({
        id: company.id,
        body: { dueDate: advanceDueDate(company.dueDate, company.recurrence) },
      });
      toast.success(t("companies.saved"));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAdvancing(null);
    }
  };

  const confirmDelete = async (typedName: string) => {
    if (!toDelete) return;
    try {
      await deleteCompany.mutateAsync({ id: toDelete.id, name: typedName });
      setDeletionStarted(true);
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    } catch (error) {
      toast.error(errorMessage(error) || t("companies.deleteFailed"));
    }
  };

  const closeDelete = () => {
    setToDelete(null);
    setDeletionStarted(false);
    setProgress(null);
  };

  return (
    <>
      <CompanyForm
        key={formVersion}
        editing={editing}
        initialValues={editing ? toCompanyForm(editing) : emptyCompanyForm()}
        plans={plans.data ?? []}
        onSubmit={save}
        onClear={() => edit(null)}
      />
      <TextField
        size="small"
        placeholder={t("companies.search")}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPageNumber(1);
        }}
        sx={{ mb: 2, minWidth: 280 }}
        slotProps={{
          htmlInput: { "aria-label": t("companies.search") },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <CompaniesTable
        companies={page.data?.companies ?? []}
        count={page.data?.count ?? 0}
        pageNumber={pageNumber}
        pageSize={COMPANIES_PAGE_SIZE}
        loading={page.isPending}
        error={page.isError ? t("companies.loadError") : undefined}
        advancing={advancing}
        onPage={setPageNumber}
        onEdit={edit}
        onDelete={setToDelete}
        onAdvanceDueDate={(company) => void advance(company)}
        onInvoices={setInvoicesOf}
      />
      <CompanyInvoicesDialog company={invoicesOf} onClose={() => setInvoicesOf(null)} />
      <DeleteCompanyDialog
        key={toDelete?.id ?? "none"}
        company={toDelete}
        progress={progress}
        started={deletionStarted}
        busy={deleteCompany.isPending}
        onConfirm={(name) => void confirmDelete(name)}
        onClose={closeDelete}
      />
    </>
  );
}

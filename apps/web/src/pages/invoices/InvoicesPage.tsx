import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { InvoicesList, useInvoiceList } from "./InvoicesList";

/** /financeiro: the company's invoices, 'Faturas (count)' (spec 2 section 2). */
export function InvoicesPage() {
  const { t } = useTranslation();
  const list = useInvoiceList();
  return (
    <>
      <PageHeader title={t("invoices.title", { count: list.count })} />
      <InvoicesList list={list} />
    </>
  );
}

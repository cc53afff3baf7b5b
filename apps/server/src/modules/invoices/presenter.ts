import type { InvoiceDto, InvoiceStatus } from "@inbox/shared";
import type { InvoiceRow } from "./repo.js";

export function presentInvoice(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    companyId: row.companyId,
    detail: row.detail,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: row.value,
    dueDate: row.dueDate,
    status: row.status === "paid" ? "paid" : ("open" satisfies InvoiceStatus),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import {
  CONTACT_LIST_IMPORT_STATUSES,
  type ContactListImportDto,
  type ContactListItemDto,
  type ContactListRecord,
  type RefusedRow,
} from "@inbox/shared";
import type { ContactListImportRow, ContactListItemRow, ContactListRow } from "./repo.js";

type ImportStatus = (typeof CONTACT_LIST_IMPORT_STATUSES)[number];
const statusOf = (value: string): ImportStatus =>
  (CONTACT_LIST_IMPORT_STATUSES as readonly string[]).includes(value) ? (value as ImportStatus) : "queued";

export function presentContactList(row: ContactListRow): ContactListRecord {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    contactsCount: row.contactsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Numbers leave whole; routes and events mask them for users who may not see them (LGPD). */
export function presentContactListItem(row: ContactListItemRow): ContactListItemDto {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `withRows: false` for progress events: the refused rows are read once, at the end. */
export function presentImport(row: ContactListImportRow, withRows = true): ContactListImportDto {
  return {
    id: row.id,
    contactListId: row.contactListId,
    fileName: row.fileName,
    status: statusOf(row.status),
    processed: row.processed,
    imported: row.imported,
    refusedCount: row.refusedCount,
    refused: withRows ? (row.refused as RefusedRow[]) : [],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

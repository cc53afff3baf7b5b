import type { ReportRow } from "@inbox/shared";
import { readableLastMessage } from "@inbox/shared";
import { previewOf } from "../messages/preview.js";
import type { ReportRowRecord } from "./repo.js";

/** Seconds from the ticket's creation to its closing; null while it is not closed. */
export function supportSeconds(record: Pick<ReportRowRecord, "createdAt" | "closedAt">): number | null {
  if (!record.closedAt) return null;
  return Math.max(0, Math.round((record.closedAt.getTime() - record.createdAt.getTime()) / 1000));
}

/** A ticket report row (spec 2 section 3); the number whole (the route masks it where needed). */
export function reportRow(record: ReportRowRecord): ReportRow {
  return {
    id: record.id,
    uuid: record.uuid,
    whatsappName: record.whatsappName,
    contactName: record.contactName,
    contactNumber: record.contactNumber,
    userName: record.userName,
    queueName: record.queueName,
    status: record.status,
    lastMessage: previewOf(readableLastMessage(record.lastMessage)),
    createdAt: record.createdAt.toISOString(),
    closedAt: record.closedAt?.toISOString() ?? null,
    supportTime: supportSeconds(record),
    NPS: record.nps,
  };
}

import type { ImportMessagesPayload } from "@inbox/shared";
import { useSyncExternalStore } from "react";

/** A connection's message import as its live events last told it (spec 2 section 4). */
export type ImportProgress = Extract<ImportMessagesPayload, { action: "update" }>["status"];

const progress = new Map<number, ImportProgress>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** importMessages-{companyId} `update`: the connection's latest state. */
export function setImportProgress(whatsappId: number, status: ImportProgress): void {
  progress.set(whatsappId, status);
  notify();
}

/** The import ended (`refresh`): nothing more to show for it. */
export function clearImportProgress(whatsappId: number): void {
  if (progress.delete(whatsappId)) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImportProgress(whatsappId: number): ImportProgress | undefined {
  return useSyncExternalStore(subscribe, () => progress.get(whatsappId));
}

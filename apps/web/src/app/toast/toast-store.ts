/**
 * A tiny toast bus: anything (API hooks, realtime handlers, pages) can raise a
 * toast; the ToastProvider shows them one after the other.
 */
export type ToastSeverity = "success" | "error" | "warning" | "info";

export interface ToastMessage {
  id: number;
  message: string;
  severity: ToastSeverity;
}

type Listener = (toast: ToastMessage) => void;

const listeners = new Set<Listener>();
let nextId = 1;

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(severity: ToastSeverity, message: string): void {
  const toast = { id: nextId++, message, severity };
  for (const listener of listeners) listener(toast);
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  warning: (message: string) => show("warning", message),
  info: (message: string) => show("info", message),
};

import type { ConnectionDto } from "@inbox/shared";

/** Payload of `company-{id}-whatsapp`: the connection on create and update, its id on delete. */
export type ConnectionEventPayload =
  | { action: "create" | "update"; whatsapp: ConnectionDto }
  | { action: "delete"; whatsappId: number };

/** Payload of `company-{id}-whatsappSession`: a QR-code session changed state. */
export interface ConnectionSessionEventPayload {
  action: "update";
  session: { id: number; status: string; qrcode: string | null };
}

/**
 * The server broadcasts connections to every socket of the company without
 * the manager-only fields (verify token, webhook URL). An event must not wipe
 * what this manager's own GET or save already brought.
 */
export function mergeConnection(current: ConnectionDto | undefined, incoming: ConnectionDto): ConnectionDto {
  if (!current) return incoming;
  return {
    ...incoming,
    verifyToken: incoming.verifyToken ?? current.verifyToken,
    webhookUrl: incoming.webhookUrl ?? current.webhookUrl,
  };
}

/** Insert or replace one connection in the list, keeping the list's order (new ones last). */
export function upsertConnection(list: ConnectionDto[], incoming: ConnectionDto): ConnectionDto[] {
  const index = list.findIndex((item) => item.id === incoming.id);
  if (index === -1) return [...list, incoming];
  const next = [...list];
  next[index] = mergeConnection(list[index], incoming);
  return next;
}

/** The list after a save of `saved`: it became the default, so no other one is. */
export function applySavedConnection(list: ConnectionDto[], saved: ConnectionDto): ConnectionDto[] {
  const next = upsertConnection(list, saved);
  return saved.isDefault
    ? next.map((item) => (item.id !== saved.id && item.isDefault ? { ...item, isDefault: false } : item))
    : next;
}

export function applyConnectionEvent(
  list: ConnectionDto[],
  payload: ConnectionEventPayload,
): ConnectionDto[] {
  if (payload.action === "delete") return list.filter((item) => item.id !== payload.whatsappId);
  return applySavedConnection(list, payload.whatsapp);
}

export function applySessionEvent(
  list: ConnectionDto[],
  payload: ConnectionSessionEventPayload,
): ConnectionDto[] {
  const { id, status, qrcode } = payload.session;
  return list.map((item) => (item.id === id ? { ...item, status, qrcode: qrcode ?? "" } : item));
}

/**
 * Inactivity (issue 9, rule 5), as a pure decision. A connection with
 * expiresTicket > 0 looks after its open tickets itself (the global
 * TICKETS_AUTO_CLOSE_HOURS job leaves them alone):
 * - after timeInactiveMessage idle minutes (when it and inactiveMessage are
 *   set) the contact gets inactiveMessage, once per idle stretch;
 * - expiresTicket idle minutes later (counted from that warning, or from the
 *   last message when there is no warning) the ticket closes, with
 *   expiresInactiveMessage when set;
 * - whenExpiresTicket "1": only tickets whose last message was ours (the
 *   company waits for the contact) count as idle.
 * Idle means: no message in either direction since the last one.
 */
export interface InactivityRules {
  expiresTicket: number;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  whenExpiresTicket: string;
}

export interface LastMessage {
  id: number;
  fromMe: boolean;
  createdAt: Date;
}

export type InactivityStep = { kind: "none" } | { kind: "warn" } | { kind: "close" };

export function inactivityStep(
  rules: InactivityRules,
  last: LastMessage | undefined,
  /** The id of the warning sent in this idle stretch, if any. */
  warnedMessageId: number | undefined,
  now: Date,
): InactivityStep {
  if (rules.expiresTicket <= 0 || !last) return { kind: "none" };
  if (rules.whenExpiresTicket === "1" && !last.fromMe) return { kind: "none" };
  const idleMinutes = (now.getTime() - last.createdAt.getTime()) / 60_000;
  const warns = rules.timeInactiveMessage > 0 && Boolean(rules.inactiveMessage?.trim());
  const warned = warnedMessageId !== undefined && warnedMessageId === last.id;
  if (warns && !warned) return idleMinutes >= rules.timeInactiveMessage ? { kind: "warn" } : { kind: "none" };
  return idleMinutes >= rules.expiresTicket ? { kind: "close" } : { kind: "none" };
}

import { DEFAULT_TRIAL_DAYS, TRIAL_DAYS } from "@inbox/shared";
import type { Tx } from "../../db/client.js";
import type { SettingsRepo } from "../settings/repo.js";

/** The first due date of a new company (signed up, or made by the owner without one): today (UTC, as subscriptionState counts) plus the trial. */
export function trialDueDate(days: number, today = new Date()): string {
  const due = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return due.toISOString().slice(0, 10);
}

export async function trialDays(settings: SettingsRepo, tx: Tx): Promise<number> {
  const stored = (await settings.platformValue("trialDays", tx))?.value;
  return Number(
    (TRIAL_DAYS as readonly (string | null | undefined)[]).includes(stored) ? stored : DEFAULT_TRIAL_DAYS,
  );
}

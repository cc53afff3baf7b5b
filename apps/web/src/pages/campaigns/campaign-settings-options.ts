import {
  CAMPAIGN_GREATER_INTERVALS,
  CAMPAIGN_LONGER_INTERVAL_AFTER,
  CAMPAIGN_MESSAGE_INTERVALS,
} from "@inbox/shared";
import type { TFunction } from "i18next";

export interface SettingOption {
  value: number;
  label: string;
}

/**
 * messageInterval's labels as spec 3 section 9 lists them: 0 is "no break", and two labels differ
 * from their values on purpose (60 is shown as "40 segundos", 70 as "60 segundos"), as the spec's
 * source shows them. Change SHOWN_AS to drop that quirk.
 */
const SHOWN_AS: Partial<Record<number, number>> = { 60: 40, 70: 60 };

export function messageIntervalOptions(t: TFunction): SettingOption[] {
  return CAMPAIGN_MESSAGE_INTERVALS.map((value) => ({
    value,
    label:
      value === 0
        ? t("campaigns.settings.noBreak")
        : t("campaigns.settings.seconds", { count: SHOWN_AS[value] ?? value }),
  }));
}

/** longerIntervalAfter in messages; 0 is "not defined" (spec 3 section 9). */
export function longerIntervalAfterOptions(t: TFunction): SettingOption[] {
  return CAMPAIGN_LONGER_INTERVAL_AFTER.map((value) => ({
    value,
    label:
      value === 0 ? t("campaigns.settings.notDefined") : t("campaigns.settings.messages", { count: value }),
  }));
}

/** greaterInterval in seconds: 0, then 20 up in steps of 10 (spec 3 section 9; the shared list's 17 options). */
export function greaterIntervalOptions(t: TFunction): SettingOption[] {
  return CAMPAIGN_GREATER_INTERVALS.map((value) => ({
    value,
    label: value === 0 ? t("campaigns.settings.noBreak") : t("campaigns.settings.seconds", { count: value }),
  }));
}

import { subscriptionState, type UserDto } from "@inbox/shared";
import { EXPIRED_SUBSCRIPTION_PATH } from "../../api/client";
import i18n from "../../i18n";
import { formatDate } from "../format-date";
import { toast } from "../toast/toast-store";

export { EXPIRED_SUBSCRIPTION_PATH };

/**
 * The login rule of spec 1 section 4: an expired subscription shows the
 * expiry message and sends the user to the open invoices; fewer than 5 days
 * left shows a warning. Returns where to go instead of the origin, if anywhere.
 */
export function applySubscriptionRule(user: UserDto, today = new Date()): string | null {
  const dueDate = user.company?.dueDate ?? null;
  const state = subscriptionState(user.companyId, dueDate, today);
  if (state.kind === "expired") {
    toast.error(i18n.t("auth.subscriptionExpired", { date: formatDate(dueDate) }));
    return EXPIRED_SUBSCRIPTION_PATH;
  }
  if (state.kind === "warning") {
    toast.warning(i18n.t("auth.subscriptionWarning", { count: state.daysLeft }));
  }
  return null;
}

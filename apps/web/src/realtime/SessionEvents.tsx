import type { AuthEventPayload, UserDto, UserEventPayload } from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../api/query-keys";
import { clearSessionStorage } from "../app/preferences";
import { toast } from "../app/toast/toast-store";
import { useCompanyEvent } from "./realtime-context";

export const SESSION_RELOAD_DELAY_MS = 1000;
/** Where a session ended by a login elsewhere goes: the login page, which says why. */
export const SIGNED_OUT_ELSEWHERE_PATH = "/login?reason=elsewhere";

interface SessionEventsProps {
  user: UserDto;
  onUserChanged: (user: UserDto) => void;
  /** Loads the page at a path (the page is reloaded there: nothing of the old session stays in memory). */
  leave?: (path: string) => void;
}

/** True when an auth event says a newer session of this user replaced ours. */
export function isReplacedSession(
  payload: AuthEventPayload,
  me: Pick<UserDto, "id" | "tokenVersion">,
): boolean {
  return (
    payload.user?.id === me.id && me.tokenVersion !== undefined && payload.tokenVersion !== me.tokenVersion
  );
}

/**
 * The live rules of the session and the users list:
 * - `company-{id}-auth`: a login elsewhere ends this session (toast, clear
 *   storage, reload after 1 second on the login page, which says why; spec 1 section 4);
 * - `company-{id}-user`: refresh the users queries; keep our own user current.
 */
export function SessionEvents({
  user,
  onUserChanged,
  leave = (path) => window.location.assign(path),
}: SessionEventsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useCompanyEvent<AuthEventPayload>("auth", (payload) => {
    if (!isReplacedSession(payload, user)) return;
    toast.error(t("auth.sessionElsewhere"));
    // The session's storage goes; the user's saved preferences stay (app/preferences.ts).
    clearSessionStorage();
    setTimeout(() => leave(SIGNED_OUT_ELSEWHERE_PATH), SESSION_RELOAD_DELAY_MS);
  });

  useCompanyEvent<UserEventPayload>("user", (payload) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    if (payload.action === "update" && payload.user.id === user.id) {
      onUserChanged({ ...user, ...payload.user, company: payload.user.company ?? user.company });
    }
  });

  return null;
}

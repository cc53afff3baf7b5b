import type { UserDto } from "@inbox/shared";
import type { ReactNode } from "react";
import { ForbiddenView } from "../../components/ForbiddenView";
import { useCurrentUser } from "../auth/auth-context";

interface RequirePermissionProps {
  allow: (user: UserDto) => boolean;
  children: ReactNode;
}

/** Shows the 403 view in place of a screen the user's role may not open. */
export function RequirePermission({ allow, children }: RequirePermissionProps) {
  const user = useCurrentUser();
  return allow(user) ? children : <ForbiddenView />;
}

import { useEffect, useState } from "react";
import { useConnections } from "../../api/connections";
import { needsAttention } from "../../pages/connections/connection-status";

/** Spec 1 section 2: the connections item is checked 2 seconds after load, then follows the live events. */
export const CONNECTIONS_CHECK_DELAY_MS = 2000;

/** True when any connection needs attention; false for users who cannot manage connections. */
export function useConnectionsBadge(enabled: boolean): boolean {
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setChecking(true), CONNECTIONS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const connections = useConnections(enabled && checking);
  return enabled && checking && needsAttention(connections.data);
}

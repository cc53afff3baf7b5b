import type { ConnectionStatus } from "@inbox/shared";
import type { SessionAction } from "../../api/connections";

/** A button of the session column: a server call, the QR modal, or the disabled 'Conectando'. */
export type SessionButton = SessionAction | "showQr" | "connecting";

/**
 * Spec 2 section 4, the connection status table. Only QR-code (Baileys)
 * connections have a session; the Meta channels get no session buttons.
 */
export function sessionButtons(channel: string, status: string): SessionButton[] {
  if (channel !== "whatsapp") return [];
  switch (status) {
    case "qrcode":
      return ["showQr"];
    case "DISCONNECTED":
      return ["start", "renew"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return ["stop"];
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}

/** The states the menu's connections item flags (spec 1 section 2, application shell). */
export const STATUSES_NEEDING_ATTENTION: readonly ConnectionStatus[] = [
  "qrcode",
  "DISCONNECTED",
  "TIMEOUT",
  "PAIRING",
];

export function needsAttention(connections: readonly { status: string }[] | undefined): boolean {
  return (connections ?? []).some((connection) =>
    (STATUSES_NEEDING_ATTENTION as readonly string[]).includes(connection.status),
  );
}

/** The QR modal closes when the code is gone, the session connected, or the connection was deleted. */
export function shouldCloseQrDialog(
  connection: { status: string; qrcode: string | null } | undefined,
): boolean {
  return !connection?.qrcode || connection.status === "CONNECTED";
}

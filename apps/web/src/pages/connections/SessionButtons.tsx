import type { ConnectionDto } from "@inbox/shared";
import { Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SessionAction } from "../../api/connections";
import { sessionButtons } from "./connection-status";

interface SessionButtonsProps {
  connection: ConnectionDto;
  /** True while a session call for this connection runs. */
  busy: boolean;
  onShowQr: (connection: ConnectionDto) => void;
  onAction: (connection: ConnectionDto, action: SessionAction) => void;
}

const LABELS = {
  showQr: "connections.actions.showQr",
  start: "connections.actions.start",
  renew: "connections.actions.renew",
  stop: "connections.actions.stop",
  connecting: "connections.actions.connecting",
} as const;

/** The session column of a QR-code connection, per the status table (spec 2 section 4). */
export function SessionButtons({ connection, busy, onShowQr, onAction }: SessionButtonsProps) {
  const { t } = useTranslation();
  const buttons = sessionButtons(connection.channel, connection.status);
  if (buttons.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
      {buttons.map((button) => {
        const label = t(LABELS[button]);
        const common = {
          size: "small",
          variant: "outlined",
          "aria-label": `${label}: ${connection.name}`,
        } as const;
        if (button === "connecting") {
          return (
            <Button key={button} {...common} disabled>
              {label}
            </Button>
          );
        }
        if (button === "showQr") {
          return (
            <Button key={button} {...common} variant="contained" onClick={() => onShowQr(connection)}>
              {label}
            </Button>
          );
        }
        return (
          <Button
            key={button}
            {...common}
            color={button === "stop" ? "error" : "primary"}
            disabled={busy}
            onClick={() => onAction(connection, button)}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

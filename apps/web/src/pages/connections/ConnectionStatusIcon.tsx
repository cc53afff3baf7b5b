import CropFreeIcon from "@mui/icons-material/CropFree";
import SignalCellular4BarIcon from "@mui/icons-material/SignalCellular4Bar";
import SignalCellularConnectedNoInternet0BarIcon from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import SignalCellularConnectedNoInternet2BarIcon from "@mui/icons-material/SignalCellularConnectedNoInternet2Bar";
import { Box, CircularProgress, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { isConnectionStatus } from "../../api/connections";

interface ConnectionStatusIconProps {
  channel: string;
  status: string;
}

/**
 * The status column: an icon and the state's name beside it (colour is not
 * the only cue), with a tooltip saying what to do. Meta channels have no
 * session, so their hint is about credentials.
 */
export function ConnectionStatusIcon({ channel, status }: ConnectionStatusIconProps) {
  const { t } = useTranslation();
  if (!isConnectionStatus(status)) return <Typography variant="body2">{status}</Typography>;

  const name = t(`connections.status.${status}`);
  const hintKey = channel !== "whatsapp" && status === "DISCONNECTED" ? "DISCONNECTED_META" : status;
  // The name is written beside the icon: the icon itself is decoration.
  const iconProps = { "aria-hidden": true, fontSize: "small" } as const;
  const icon =
    status === "CONNECTED" ? (
      <SignalCellular4BarIcon {...iconProps} color="success" />
    ) : status === "DISCONNECTED" ? (
      <SignalCellularConnectedNoInternet0BarIcon {...iconProps} color="error" />
    ) : status === "qrcode" ? (
      <CropFreeIcon {...iconProps} color="warning" />
    ) : status === "OPENING" ? (
      <CircularProgress size={16} aria-hidden />
    ) : (
      <SignalCellularConnectedNoInternet2BarIcon {...iconProps} color="warning" />
    );

  return (
    <Tooltip
      describeChild
      title={
        <>
          <Typography variant="subtitle2" component="span" sx={{ display: "block" }}>
            {name}
          </Typography>
          <Typography variant="caption">{t(`connections.statusHint.${hintKey}`)}</Typography>
        </>
      }
    >
      <Box
        component="span"
        tabIndex={0}
        data-status={status}
        sx={{
          display: "inline-flex",
          alignItems: "center",
          gap: 0.75,
          borderRadius: 1,
          whiteSpace: "nowrap",
        }}
      >
        {icon}
        <Typography variant="body2" component="span">
          {name}
        </Typography>
      </Box>
    </Tooltip>
  );
}

import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import { Box, IconButton, Popover, Slider, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { type FoldedAction, useActionAnchor } from "./folded-action";

interface VolumeControlProps {
  volume: number;
  onChange: (volume: number) => void;
  /** In the top bar's overflow menu (narrow screens). */
  folded?: FoldedAction;
}

/** Notification volume from 0 to 1 in steps of 0.1. */
export function VolumeControl({ volume, onChange, folded }: VolumeControlProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useActionAnchor(folded);
  return (
    <>
      {!folded && (
        <Tooltip title={t("shell.volume")}>
          <IconButton
            color="inherit"
            aria-label={t("shell.volume")}
            aria-haspopup="dialog"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
          </IconButton>
        </Tooltip>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("shell.volume") } }}
      >
        <Box sx={{ px: 3, py: 2, width: 200 }}>
          <Slider
            value={volume}
            min={0}
            max={1}
            step={0.1}
            marks
            valueLabelDisplay="auto"
            aria-label={t("shell.volume")}
            onChange={(_event, value) => onChange(Array.isArray(value) ? (value[0] ?? 0) : value)}
          />
        </Box>
      </Popover>
    </>
  );
}

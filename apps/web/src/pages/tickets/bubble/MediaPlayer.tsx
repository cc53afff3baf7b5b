import { Box, Button, Stack } from "@mui/material";
import { type SyntheticEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePlaybackRate } from "./playback-rate";

/**
 * An audio or video message played in place, with the speed button that
 * cycles 0.5x, 1x, 1.5x, 2x (spec 1 section 9); the speed is saved locally
 * and shared by every player.
 */
export function MediaPlayer({ kind, src }: { kind: "audio" | "video"; src: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLMediaElement | null>(null);
  const [rate, cycle] = usePlaybackRate();

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);

  const label = t("ticketTools.bubble.speed", { rate });
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Box
        component={kind}
        ref={ref}
        src={src}
        controls
        preload="metadata"
        // A new source resets the speed: set it again once the media knows itself.
        onLoadedMetadata={(event: SyntheticEvent<HTMLMediaElement>) => {
          event.currentTarget.playbackRate = rate;
        }}
        sx={{ display: "block", maxWidth: 260, width: kind === "audio" ? 240 : undefined }}
      />
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={cycle}
        aria-label={label}
        title={label}
        sx={{ minWidth: 0, px: 0.75, py: 0, fontSize: 12, lineHeight: 1.8, textTransform: "none" }}
      >
        {`${rate}x`}
      </Button>
    </Stack>
  );
}

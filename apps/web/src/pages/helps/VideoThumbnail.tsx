import { helpThumbnailUrl } from "@inbox/shared";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import { Box } from "@mui/material";
import { useState } from "react";

/**
 * A help video's thumbnail from YouTube's image host. Offline (or a code
 * YouTube does not know), the image fails and a placeholder with a video icon
 * takes its place: never a broken image.
 */
export function VideoThumbnail({ code, height = 180 }: { code: string; height?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === code)
    return (
      <Box
        data-testid="video-placeholder"
        aria-hidden
        sx={{
          height,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          bgcolor: "action.hover",
          color: "text.secondary",
        }}
      >
        <OndemandVideoIcon sx={{ fontSize: 56 }} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={helpThumbnailUrl(code)}
      alt=""
      loading="lazy"
      onError={() => setFailed(code)}
      sx={{ display: "block", width: "100%", height, objectFit: "cover", bgcolor: "action.hover" }}
    />
  );
}

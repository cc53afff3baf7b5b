import { LIMITS } from "@inbox/shared";
import { Box, type SxProps, type Theme } from "@mui/material";
import type { ReactNode, UIEvent } from "react";

/** True when the scrolled element is within `threshold` px of its bottom. */
export function isNearBottom(
  element: HTMLElement,
  threshold: number = LIMITS.infiniteScrollThresholdPx,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

interface InfiniteScrollAreaProps {
  /** Called when the user scrolls within 100 px of the bottom and more can load. */
  onReachEnd: () => void;
  canLoadMore: boolean;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

export function InfiniteScrollArea({ onReachEnd, canLoadMore, children, sx }: InfiniteScrollAreaProps) {
  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    if (canLoadMore && isNearBottom(event.currentTarget)) onReachEnd();
  };
  return (
    <Box onScroll={handleScroll} sx={{ overflowY: "auto", ...sx }}>
      {children}
    </Box>
  );
}

import { LIMITS } from "@inbox/shared";
import { Box } from "@mui/material";
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";

/** The list's width kept between 404 and 700 px (spec 1 section 9). */
export function clampPanelWidth(width: number): number {
  return Math.round(Math.min(LIMITS.ticketsPanelMaxWidth, Math.max(LIMITS.ticketsPanelMinWidth, width)));
}

/** Pixels per arrow key press (ten with Shift held). */
const KEY_STEP = 10;

interface PanelResizerProps {
  width: number;
  label: string;
  /** The id of the panel it resizes. */
  controls?: string;
  /** Every change while dragging or pressing keys, already clamped. */
  onChange: (width: number) => void;
  /** The drag or the key press ended: the width to keep. */
  onCommit: (width: number) => void;
}

/**
 * The vertical bar between the ticket list and the conversation: drag it
 * with the mouse, or focus it and use the arrow keys (Home and End for the
 * limits). A window splitter in the WAI-ARIA sense: role separator with its
 * current, minimum and maximum values.
 */
export function PanelResizer({ width, label, controls, onChange, onCommit }: PanelResizerProps) {
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);
  const handlers = useRef({ onChange, onCommit });
  handlers.current = { onChange, onCommit };

  useEffect(() => {
    const move = (event: globalThis.MouseEvent) => {
      const current = drag.current;
      if (!current) return;
      current.last = clampPanelWidth(current.startWidth + event.clientX - current.startX);
      handlers.current.onChange(current.last);
    };
    const up = () => {
      const current = drag.current;
      if (!current) return;
      drag.current = null;
      document.body.style.removeProperty("cursor");
      document.body.style.removeProperty("user-select");
      handlers.current.onCommit(current.last);
    };
    document.addEventListener("mousemove", move);
    document.addEventListener("mouseup", up);
    return () => {
      document.removeEventListener("mousemove", move);
      document.removeEventListener("mouseup", up);
    };
  }, []);

  const start = (event: MouseEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag.current = { startX: event.clientX, startWidth: width, last: width };
    document.body.style.cursor = "col-resize";
    document.body.style.userSelect = "none";
  };

  const keyTarget = (event: KeyboardEvent): number | undefined => {
    const step = event.shiftKey ? KEY_STEP * 10 : KEY_STEP;
    switch (event.key) {
      case "ArrowLeft":
        return clampPanelWidth(width - step);
      case "ArrowRight":
        return clampPanelWidth(width + step);
      case "Home":
        return LIMITS.ticketsPanelMinWidth;
      case "End":
        return LIMITS.ticketsPanelMaxWidth;
      default:
        return undefined;
    }
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation="vertical"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={LIMITS.ticketsPanelMinWidth}
      aria-valuemax={LIMITS.ticketsPanelMaxWidth}
      onMouseDown={start}
      onKeyDown={(event) => {
        const next = keyTarget(event);
        if (next === undefined) return;
        event.preventDefault();
        if (next !== width) onChange(next);
      }}
      onKeyUp={(event) => {
        if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) onCommit(width);
      }}
      sx={{
        width: 8,
        mx: -0.5,
        flexShrink: 0,
        cursor: "col-resize",
        borderRadius: 1,
        position: "relative",
        "&::after": {
          content: '""',
          position: "absolute",
          top: "50%",
          left: 2,
          width: 4,
          height: 32,
          transform: "translateY(-50%)",
          borderRadius: 2,
          bgcolor: "divider",
        },
        "&:hover::after, &:focus-visible::after": { bgcolor: "primary.main" },
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
      }}
    />
  );
}

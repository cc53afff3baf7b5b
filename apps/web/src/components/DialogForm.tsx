import { Box } from "@mui/material";
import type { FormEvent, ReactNode } from "react";

/**
 * The paper of a tabbed form dialog: as tall as the screen allows, up to a
 * limit, whichever tab is shown, so switching tabs does not resize it.
 */
export const STABLE_DIALOG_PAPER = { height: "calc(100% - 64px)", maxHeight: 820 } as const;

interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What stays in view above the content (tabs), the DialogContent, then the DialogActions. */
  children: ReactNode;
}

/**
 * The form of a Dialog with `scroll="paper"`, under its DialogTitle: a flex
 * column that may shrink below its content (minHeight 0), so only its
 * DialogContent scrolls while the tabs above it and the DialogActions below
 * stay in view. A plain <form> around DialogContent and DialogActions would
 * make the whole paper scroll instead. The submit button inside keeps Enter
 * in a text field submitting; the Dialog's own Escape handling closes it.
 */
export function DialogForm({ onSubmit, children }: DialogFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{
        display: "flex",
        flexDirection: "column",
        flex: "1 1 auto",
        minHeight: 0,
        // A field focused by a failed save scrolls into view with its outlined label and helper text.
        "& .MuiDialogContent-root": { scrollPaddingBlock: 24 },
      }}
    >
      {children}
    </Box>
  );
}

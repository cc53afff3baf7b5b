import { LIMITS } from "@inbox/shared";
import { Alert, Snackbar } from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { subscribeToToasts, type ToastMessage } from "./toast-store";

/** Shows queued toasts one at a time; each closes after LIMITS.toastMs. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastMessage[]>([]);
  const [open, setOpen] = useState(false);
  const current = queue[0];

  useEffect(() => subscribeToToasts((toast) => setQueue((items) => [...items, toast])), []);

  useEffect(() => {
    if (current) setOpen(true);
  }, [current]);

  const handleClose = (_event?: unknown, reason?: string) => {
    if (reason === "clickaway") return;
    setOpen(false);
  };

  return (
    <>
      {children}
      <Snackbar
        key={current?.id}
        open={open && Boolean(current)}
        autoHideDuration={LIMITS.toastMs}
        onClose={handleClose}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ transition: { onExited: () => setQueue((items) => items.slice(1)) } }}
      >
        <Alert
          severity={current?.severity ?? "info"}
          variant="filled"
          onClose={handleClose}
          sx={{ width: "100%" }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </>
  );
}

import NotificationsIcon from "@mui/icons-material/Notifications";
import { Badge, IconButton, Popover, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";

interface NotificationsButtonProps {
  count: number;
}

/** The bell; the notification list arrives with the tickets issue. */
export function NotificationsButton({ count }: NotificationsButtonProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t("shell.notifications")}>
        <IconButton
          color="inherit"
          aria-label={t("shell.notifications")}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Typography sx={{ p: 2, minWidth: 240 }} color="text.secondary">
          {t("shell.noNotifications")}
        </Typography>
      </Popover>
    </>
  );
}

import { Box, Divider, Drawer, Toolbar, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DrawerMenu } from "./DrawerMenu";
import type { MenuBadges, MenuItemDef } from "./menu-items";

export const DRAWER_WIDTH = 240;

interface SideDrawerProps {
  open: boolean;
  temporary: boolean;
  items: MenuItemDef[];
  badges?: MenuBadges;
  version: string | undefined;
  onClose: () => void;
}

/** Temporary (overlay) on narrow screens, persistent beside the content otherwise. */
export function SideDrawer({ open, temporary, items, badges, version, onClose }: SideDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      variant={temporary ? "temporary" : "persistent"}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: temporary || !open ? 0 : DRAWER_WIDTH,
        flexShrink: 0,
        "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" },
      }}
    >
      <Toolbar />
      <Box sx={{ flexGrow: 1, overflowY: "auto" }}>
        <DrawerMenu items={items} badges={badges} onNavigate={temporary ? onClose : undefined} />
      </Box>
      <Divider />
      <Typography variant="caption" color="text.secondary" sx={{ p: 2 }}>
        {version ? t("shell.version", { version }) : "\u00a0"}
      </Typography>
    </Drawer>
  );
}

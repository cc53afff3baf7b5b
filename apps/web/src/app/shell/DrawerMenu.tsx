import {
  Badge,
  Box,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import type { MenuBadges, MenuItemDef } from "./menu-items";

interface DrawerMenuProps {
  items: MenuItemDef[];
  /** Items showing an attention dot (e.g. connections waiting for a QR code). */
  badges?: MenuBadges;
  onNavigate?: () => void;
}

/** Read by screen readers only, like MUI's visuallyHidden. */
const SCREEN_READER_ONLY = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

function isActive(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

/** The side drawer's links, main items first, then the administration group. */
export function DrawerMenu({ items, badges = {}, onNavigate }: DrawerMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = items.filter((item) => item.section === "main");
  const admin = items.filter((item) => item.section === "administration");

  const renderItem = (item: MenuItemDef) => {
    const Icon = item.icon;
    const active = isActive(pathname, item.to);
    const attention = badges[item.label] === true;
    return (
      <ListItemButton
        key={item.to}
        component={NavLink}
        to={item.to}
        selected={active}
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      >
        <ListItemIcon>
          <Badge variant="dot" color="error" invisible={!attention}>
            <Icon />
          </Badge>
        </ListItemIcon>
        <ListItemText primary={t(`menu.${item.label}`)} />
        {attention && (
          <Box component="span" sx={SCREEN_READER_ONLY}>
            {t("menu.needsAttention")}
          </Box>
        )}
      </ListItemButton>
    );
  };

  return (
    <nav aria-label={t("menu.navigation")}>
      <List>{main.map(renderItem)}</List>
      {admin.length > 0 && (
        <>
          <Divider />
          <List subheader={<ListSubheader component="div">{t("menu.administration")}</ListSubheader>}>
            {admin.map(renderItem)}
          </List>
        </>
      )}
    </nav>
  );
}

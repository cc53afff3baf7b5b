import { Divider, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from "@mui/material";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import type { MenuItemDef } from "./menu-items";

interface DrawerMenuProps {
  items: MenuItemDef[];
  onNavigate?: () => void;
}

function isActive(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

/** The side drawer's links, main items first, then the administration group. */
export function DrawerMenu({ items, onNavigate }: DrawerMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = items.filter((item) => item.section === "main");
  const admin = items.filter((item) => item.section === "administration");

  const renderItem = (item: MenuItemDef) => {
    const Icon = item.icon;
    const active = isActive(pathname, item.to);
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
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(`menu.${item.label}`)} />
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

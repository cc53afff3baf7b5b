import type { FlowDto } from "@inbox/shared";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, ListItemText, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type FlowAction = "open" | "rename" | "duplicate" | "delete";

interface FlowRowMenuProps {
  flow: FlowDto;
  onAction: (action: FlowAction, flow: FlowDto) => void;
}

/** The row menu (spec 3 section 2): 'Editar fluxo', 'Duplicar', 'Excluir', and the name dialog. */
export function FlowRowMenu({ flow, onAction }: FlowRowMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: FlowAction) => {
    setAnchor(null);
    onAction(action, flow);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t("flows.menuLabel", { name: flow.name })}
        aria-haspopup="menu"
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
      >
        <MenuItem onClick={() => pick("open")}>
          <ListItemText>{t("flows.menu.open")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick("rename")}>
          <ListItemText>{t("flows.menu.rename")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick("duplicate")}>
          <ListItemText>{t("flows.menu.duplicate")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick("delete")}>
          <ListItemText>{t("flows.menu.delete")}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

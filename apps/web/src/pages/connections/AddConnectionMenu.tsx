import type { Channel } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChannelIcon } from "../../components/ChannelIcon";

interface AddConnectionMenuProps {
  /** The channels the company's plan allows (spec 2 section 6). */
  channels: Channel[];
  onChoose: (channel: Channel) => void;
}

/** 'Adicionar': a menu of the channels a new connection may use. */
export function AddConnectionMenu({ channels, onChoose }: AddConnectionMenuProps) {
  const { t } = useTranslation();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;

  const choose = (channel: Channel) => {
    setAnchor(null);
    onChoose(channel);
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        disabled={channels.length === 0}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t("connections.add")}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-labelledby": buttonId } }}
      >
        {channels.map((channel) => (
          <MenuItem key={channel} onClick={() => choose(channel)}>
            <ListItemIcon>
              <ChannelIcon channel={channel} decorative />
            </ListItemIcon>
            <ListItemText>{t(`connections.channels.${channel}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

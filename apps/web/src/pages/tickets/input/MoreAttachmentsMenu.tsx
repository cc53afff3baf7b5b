import AddCircleOutlineIcon from "@mui/icons-material/AddCircleOutline";
import ContactPhoneOutlinedIcon from "@mui/icons-material/ContactPhoneOutlined";
import PhotoCameraOutlinedIcon from "@mui/icons-material/PhotoCameraOutlined";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

export type AttachmentTool = "camera" | "contact";

/** The attachments beside the file chooser: a camera photo or a contact card. */
export function MoreAttachmentsMenu({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (tool: AttachmentTool) => void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (tool: AttachmentTool) => {
    setAnchor(null);
    onPick(tool);
  };
  return (
    <>
      <Tooltip title={t("ticketTools.attach.menu")}>
        <span>
          <IconButton
            aria-label={t("ticketTools.attach.menu")}
            disabled={disabled}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? true : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <AddCircleOutlineIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-label": t("ticketTools.attach.menu") } }}
      >
        <MenuItem onClick={() => pick("camera")}>
          <ListItemIcon>
            <PhotoCameraOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("ticketTools.attach.camera")}
        </MenuItem>
        <MenuItem onClick={() => pick("contact")}>
          <ListItemIcon>
            <ContactPhoneOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("ticketTools.attach.contact")}
        </MenuItem>
      </Menu>
    </>
  );
}

import type { ContactDto } from "@inbox/shared";
import BlockIcon from "@mui/icons-material/Block";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import { Avatar, Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ChannelIcon } from "../../components/ChannelIcon";
import { formatPhone } from "./phone-format";

interface ContactRowProps {
  contact: ContactDto;
  /** Admins delete contacts (spec 1 section 6). */
  canDelete: boolean;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  onToggleBlock: (contact: ContactDto) => void;
}

export function ContactRow({ contact, canDelete, onEdit, onDelete, onToggleBlock }: ContactRowProps) {
  const { t } = useTranslation();
  const blocked = !contact.active;
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Avatar src={contact.profilePicUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="body2">{contact.name}</Typography>
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <ChannelIcon channel={contact.channel} />
          <Typography variant="body2">{formatPhone(contact.number)}</Typography>
        </Stack>
      </TableCell>
      <TableCell>{contact.email}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={blocked ? "error" : "success"}
          label={blocked ? t("contacts.blocked") : t("contacts.active")}
        />
      </TableCell>
      <TableCell align="right">
        <Tooltip title={blocked ? t("contacts.unblock") : t("contacts.block")}>
          <IconButton
            size="small"
            aria-label={t(blocked ? "contacts.unblockContact" : "contacts.blockContact", {
              name: contact.name,
            })}
            onClick={() => onToggleBlock(contact)}
          >
            {blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t("common.edit")}>
          <IconButton
            size="small"
            aria-label={t("contacts.editContact", { name: contact.name })}
            onClick={() => onEdit(contact)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canDelete && (
          <Tooltip title={t("common.delete")}>
            <IconButton
              size="small"
              color="error"
              aria-label={t("contacts.deleteContact", { name: contact.name })}
              onClick={() => onDelete(contact)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

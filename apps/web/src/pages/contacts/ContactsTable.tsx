import type { ContactDto } from "@inbox/shared";
import BlockIcon from "@mui/icons-material/Block";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import { Alert, Avatar, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ChannelIcon } from "../../components/ChannelIcon";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { type ResponsiveColumn, ResponsiveTable } from "../../components/ResponsiveTable";
import { usePhoneFormat } from "./phone-format";

interface ContactsTableProps {
  contacts: ContactDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  loadingMore: boolean;
  /** Admins delete contacts (spec 1 section 6). */
  canDelete: boolean;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  onToggleBlock: (contact: ContactDto) => void;
}

export function ContactsTable({
  contacts,
  loading,
  error,
  loadingMore,
  canDelete,
  onEdit,
  onDelete,
  onToggleBlock,
}: ContactsTableProps) {
  const { t } = useTranslation();
  const formatPhone = usePhoneFormat();
  const columns: ResponsiveColumn<ContactDto>[] = [
    {
      key: "name",
      header: t("contacts.columns.name"),
      render: (contact) => (
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Avatar src={contact.profilePicUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: "inherit" }}>
            {contact.name}
          </Typography>
        </Stack>
      ),
    },
    {
      key: "number",
      header: t("contacts.columns.number"),
      render: (contact) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <ChannelIcon channel={contact.channel} />
          <Typography variant="body2">{formatPhone(contact.number)}</Typography>
        </Stack>
      ),
    },
    { key: "email", header: t("contacts.columns.email"), render: (contact) => contact.email },
    {
      key: "status",
      header: t("contacts.columns.status"),
      render: (contact) => (
        <Chip
          size="small"
          variant="outlined"
          color={contact.active ? "success" : "error"}
          label={contact.active ? t("contacts.active") : t("contacts.blocked")}
        />
      ),
    },
  ];
  return (
    <>
      <ResponsiveTable
        label={t("contacts.title")}
        stickyHeader
        rows={contacts}
        rowKey={(contact) => contact.id}
        columns={columns}
        actionsHeader={t("contacts.columns.actions")}
        actions={(contact) => {
          const blocked = !contact.active;
          return (
            <>
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
            </>
          );
        }}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && contacts.length === 0 && (
        <EmptyState icon={<ContactPhoneIcon fontSize="large" aria-hidden />} message={t("contacts.empty")} />
      )}
      {loadingMore && <LinearProgress aria-label={t("contacts.loadingMore")} />}
    </>
  );
}

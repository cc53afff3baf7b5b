import { LIMITS, type TicketDto } from "@inbox/shared";
import BlockIcon from "@mui/icons-material/Block";
import CloseIcon from "@mui/icons-material/Close";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { contactsApi, useContact, useContactMutation } from "../../../api/contacts";
import { errorMessage, toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { LoadingState } from "../../../components/LoadingState";
import { usePhoneFormat } from "../../contacts/phone-format";
import { ContactExtraInfo } from "./ContactExtraInfo";
import { ContactNotes } from "./ContactNotes";
import { ContactTags } from "./ContactTags";
import { LaneSelect } from "./LaneSelect";

interface ContactDrawerProps {
  contactId: number;
  /** The open ticket, kept live by its events: its tags carry its kanban lane. */
  ticket: TicketDto;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ px: 2, py: 1.5 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The contact side drawer (320 px, spec 1 section 2): who the contact is,
 * block or unblock, the accept-audio switch, the ticket's kanban stage, the
 * ticket's notes, the tags and the extra info.
 */
export function ContactDrawer({ contactId, ticket, onClose }: ContactDrawerProps) {
  const { t } = useTranslation();
  const formatPhone = usePhoneFormat();
  const titleId = useId();
  const contact = useContact(contactId);
  const block = useContactMutation((active: boolean) => contactsApi.setActive(contactId, active));
  const audio = useContactMutation(() => contactsApi.toggleAcceptAudio(contactId));
  // From 1200 px the drawer takes its own column and the conversation narrows beside it; below, it overlays.
  const theme = useTheme();
  const pushes = useMediaQuery(theme.breakpoints.up("lg"), { noSsr: true });

  const setActive = async (active: boolean) => {
    try {
      await block.mutateAsync(active);
      toast.success(active ? t("ticketView.drawer.unblockedDone") : t("ticketView.drawer.blockedDone"));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box
      component="aside"
      aria-labelledby={titleId}
      data-layout={pushes ? "push" : "overlay"}
      sx={{
        ...(pushes
          ? // Wide screens: a column of its own, the conversation beside it narrows; nothing is covered.
            { position: "relative", flexShrink: 0, height: "100%", width: LIMITS.contactDrawerWidth }
          : // Narrow screens: over the conversation, on its right.
            {
              position: "absolute",
              top: 0,
              right: 0,
              bottom: 0,
              width: { xs: "100%", sm: LIMITS.contactDrawerWidth },
              boxShadow: 8,
            }),
        borderLeft: 1,
        borderColor: "divider",
        overflowY: "auto",
        bgcolor: "background.paper",
        zIndex: 3,
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        sx={{ px: 1, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <IconButton aria-label={t("ticketView.drawer.close")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <Typography id={titleId} variant="subtitle1" component="h2">
          {t("ticketView.drawer.title")}
        </Typography>
      </Stack>
      {contact.isPending ? (
        <LoadingState />
      ) : contact.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(contact.error)}
        </Alert>
      ) : (
        <>
          <Stack alignItems="center" spacing={0.5} sx={{ p: 2 }}>
            <Avatar src={contact.data.profilePicUrl ?? undefined} alt="" sx={{ width: 96, height: 96 }}>
              {contact.data.name.charAt(0).toUpperCase()}
            </Avatar>
            <Typography variant="h6" component="p" sx={{ overflowWrap: "anywhere", textAlign: "center" }}>
              {contact.data.name}
            </Typography>
            <Typography variant="body2" aria-label={t("ticketView.drawer.number")}>
              {formatPhone(contact.data.number)}
            </Typography>
            {contact.data.email && (
              <Typography variant="body2" color="text.secondary" aria-label={t("ticketView.drawer.email")}>
                {contact.data.email}
              </Typography>
            )}
            {!contact.data.active && (
              <Chip size="small" color="error" label={t("ticketView.drawer.blocked")} />
            )}
            <Button
              size="small"
              color={contact.data.active ? "error" : "primary"}
              startIcon={contact.data.active ? <BlockIcon /> : <LockOpenIcon />}
              disabled={block.isPending}
              onClick={() => void setActive(!contact.data.active)}
            >
              {contact.data.active ? t("ticketView.drawer.block") : t("ticketView.drawer.unblock")}
            </Button>
            <FormControlLabel
              control={
                <Switch
                  checked={contact.data.acceptAudioMessage}
                  disabled={audio.isPending}
                  onChange={() => audio.mutate(undefined, { onError: toastError })}
                />
              }
              label={t("ticketView.drawer.acceptAudio")}
            />
          </Stack>
          <LaneSelect ticket={ticket} />
          <Divider />
          <Section title={t("ticketView.drawer.tags")}>
            <ContactTags contactId={contactId} />
          </Section>
          <Divider />
          <Section title={t("ticketView.drawer.notes")}>
            <ContactNotes contactId={contactId} ticketId={ticket.id} />
          </Section>
          <Divider />
          <Section title={t("ticketView.drawer.extraInfo")}>
            <ContactExtraInfo key={contact.data.id} contact={contact.data} />
          </Section>
        </>
      )}
    </Box>
  );
}

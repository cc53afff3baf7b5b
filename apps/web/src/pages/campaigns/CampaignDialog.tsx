import { zodResolver } from "@hookform/resolvers/zod";
import {
  CAMPAIGN_MESSAGE_SLOTS,
  CAMPAIGN_NO_TAG,
  CAMPAIGN_TICKET_STATUSES,
  type CampaignDto,
  type CampaignFormValues,
  type CampaignInput,
  campaignSchema,
  canEditCampaignMessages,
  isCampaignEditable,
  parseCampaignSettings,
} from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCampaignSettings, useSaveCampaign } from "../../api/campaigns";
import { useConnections } from "../../api/connections";
import { useContactListsInfinite } from "../../api/contact-lists";
import { useTags } from "../../api/contacts";
import { useQueueOptions } from "../../api/queues";
import { useUserChoices } from "../../api/users";
import { toastError } from "../../app/toast/toast-error";
import { DialogForm } from "../../components/DialogForm";
import { CampaignMediaField } from "./CampaignMediaField";
import { CAMPAIGN_MESSAGE_KEYS, campaignBody, initialCampaignValues } from "./campaign-form";

interface CampaignDialogProps {
  /** The campaign being edited or viewed, or null for a new one. */
  editing: CampaignDto | null;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * Create, edit or view a campaign (spec 3 sections 2, 4, 5): every field is editable only while
 * the campaign is (INATIVA, or PROGRAMADA more than an hour ahead); a cancelled one still lets
 * its messages be edited and saved; otherwise the dialog is read-only and its title says so.
 */
export function CampaignDialog({ editing, onSaved, onClose }: CampaignDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveCampaign();
  const [current, setCurrent] = useState(editing);
  const editable = current ? current.editable && isCampaignEditable(current) : true;
  const messagesEditable = current ? editable || canEditCampaignMessages(current) : true;
  const form = useForm<CampaignFormValues, unknown, CampaignInput>({
    resolver: zodResolver(campaignSchema),
    defaultValues: initialCampaignValues(editing),
  });
  const [slot, setSlot] = useState(0);
  const confirmation = form.watch("confirmation");
  const openTicket = form.watch("openTicket") === "enabled";

  const connections = useConnections();
  const lists = useContactListsInfinite("");
  const tags = useTags();
  const queues = useQueueOptions(openTicket);
  const users = useUserChoices(openTicket);
  const settings = useCampaignSettings();
  const custom = settings.data ? parseCampaignSettings(settings.data).variables : [];
  const variables = ["{nome}", "{numero}", "{email}", ...custom.map((v) => `{${v.key}}`)].join(", ");

  const message = (text: string | undefined): string | undefined => {
    if (!text) return undefined;
    const key = CAMPAIGN_MESSAGE_KEYS[text];
    return key ? t(key) : text;
  };
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async () => {
    try {
      const saved = await save.mutateAsync({
        id: current?.id ?? null,
        body: campaignBody(form.getValues(), current),
      });
      onSaved();
      // A new campaign stays open as the saved one, so a file can be attached to it.
      if (current) onClose();
      else setCurrent(saved);
    } catch (error) {
      toastError(error);
    }
  });

  const title = !current
    ? t("campaigns.dialog.addTitle")
    : editable
      ? t("campaigns.dialog.editTitle")
      : messagesEditable
        ? t("campaigns.dialog.cancelledTitle")
        : t("campaigns.dialog.readOnlyTitle");
  const locked = !editable;
  const listRows = lists.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                label={t("campaigns.dialog.name")}
                required
                fullWidth
                autoFocus={!locked}
                disabled={locked}
                {...form.register("name")}
                error={Boolean(errors.name)}
                helperText={message(errors.name?.message)}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="confirmation"
                render={({ field }) => (
                  <FormControlLabel
                    disabled={locked}
                    control={
                      <Switch
                        checked={field.value === true || field.value === "true"}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label={t("campaigns.dialog.confirmation")}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="contactListId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked}
                    label={t("campaigns.dialog.contactList")}
                    value={field.value ?? ""}
                    onChange={(event) =>
                      field.onChange(event.target.value === "" ? null : Number(event.target.value))
                    }
                    error={Boolean(errors.contactListId)}
                    helperText={message(errors.contactListId?.message)}
                  >
                    <MenuItem value="">{t("campaigns.dialog.noList")}</MenuItem>
                    {listRows.map((list) => (
                      <MenuItem key={list.id} value={list.id}>
                        {list.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="tagListId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked}
                    label={t("campaigns.dialog.tag")}
                    value={typeof field.value === "number" ? field.value : CAMPAIGN_NO_TAG}
                    onChange={(event) =>
                      field.onChange(
                        event.target.value === CAMPAIGN_NO_TAG ? CAMPAIGN_NO_TAG : Number(event.target.value),
                      )
                    }
                  >
                    <MenuItem value={CAMPAIGN_NO_TAG}>{t("campaigns.dialog.noTag")}</MenuItem>
                    {(tags.data ?? []).map((tag) => (
                      <MenuItem key={tag.id} value={tag.id}>
                        {tag.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="whatsappId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    disabled={locked}
                    label={t("campaigns.dialog.whatsapp")}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    error={Boolean(errors.whatsappId)}
                    helperText={message(errors.whatsappId?.message)}
                  >
                    {(connections.data ?? []).map((connection) => (
                      <MenuItem key={connection.id} value={connection.id}>
                        {connection.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                type="datetime-local"
                fullWidth
                disabled={locked}
                label={t("campaigns.dialog.scheduledAt")}
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register("scheduledAt")}
                error={Boolean(errors.scheduledAt)}
                helperText={message(errors.scheduledAt?.message)}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="openTicket"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked}
                    label={t("campaigns.dialog.openTicket")}
                    value={field.value ?? "disabled"}
                    onChange={field.onChange}
                  >
                    <MenuItem value="enabled">{t("campaigns.enabled")}</MenuItem>
                    <MenuItem value="disabled">{t("campaigns.disabled")}</MenuItem>
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="statusTicket"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked || !openTicket}
                    label={t("campaigns.dialog.statusTicket")}
                    value={field.value ?? "closed"}
                    onChange={field.onChange}
                  >
                    {CAMPAIGN_TICKET_STATUSES.map((status) => (
                      <MenuItem key={status} value={status}>
                        {t(`campaigns.dialog.ticketStatus.${status}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="userId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked || !openTicket}
                    label={t("campaigns.dialog.user")}
                    value={field.value ?? ""}
                    onChange={(event) =>
                      field.onChange(event.target.value === "" ? null : Number(event.target.value))
                    }
                  >
                    <MenuItem value="">{t("common.none")}</MenuItem>
                    {(users.data ?? []).map((user) => (
                      <MenuItem key={user.id} value={user.id}>
                        {user.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="queueId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    disabled={locked || !openTicket}
                    label={t("campaigns.dialog.queue")}
                    value={field.value ?? ""}
                    onChange={(event) =>
                      field.onChange(event.target.value === "" ? null : Number(event.target.value))
                    }
                    error={Boolean(errors.queueId)}
                    helperText={message(errors.queueId?.message)}
                  >
                    <MenuItem value="">{t("common.none")}</MenuItem>
                    {(queues.data ?? []).map((queue) => (
                      <MenuItem key={queue.id} value={queue.id}>
                        {queue.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <Tabs
                value={slot}
                onChange={(_event, value: number) => setSlot(value)}
                variant="scrollable"
                aria-label={t("campaigns.dialog.messagesLabel")}
              >
                {Array.from({ length: CAMPAIGN_MESSAGE_SLOTS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the five slots are fixed positions
                  <Tab key={index} label={t("campaigns.dialog.messageTab", { n: index + 1 })} />
                ))}
              </Tabs>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 1 }}>
                {t("campaigns.dialog.variables", { list: variables })}
              </Typography>
              <TextField
                key={`message${slot + 1}`}
                label={t("campaigns.dialog.message", { n: slot + 1 })}
                multiline
                minRows={4}
                fullWidth
                disabled={!messagesEditable}
                {...form.register(`message${slot + 1}` as "message1")}
                error={Boolean(errors[`message${slot + 1}` as "message1"])}
                helperText={message(errors[`message${slot + 1}` as "message1"]?.message)}
              />
              {(confirmation === true || confirmation === "true") && (
                <TextField
                  key={`confirmationMessage${slot + 1}`}
                  label={t("campaigns.dialog.confirmationMessage", { n: slot + 1 })}
                  multiline
                  minRows={3}
                  fullWidth
                  sx={{ mt: 2 }}
                  disabled={!messagesEditable}
                  {...form.register(`confirmationMessage${slot + 1}` as "confirmationMessage1")}
                />
              )}
            </Grid>
            <Grid size={12}>
              <CampaignMediaField campaign={current} editable={editable} onChanged={setCurrent} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{messagesEditable ? t("common.cancel") : t("common.close")}</Button>
          {messagesEditable && (
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t("common.save")}
            </Button>
          )}
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import {
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
  TextField,
} from "@mui/material";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCampaignSettings, useSaveCampaign } from "../../api/campaigns";
import { useConnections } from "../../api/connections";
import { useContactListsInfinite } from "../../api/contact-lists";
import { useTags } from "../../api/contacts";
import { useQueueOptions } from "../../api/queues";
import { toastError } from "../../app/toast/toast-error";
import { DialogForm } from "../../components/DialogForm";
import { IdSelect } from "../../components/IdSelect";
import { CampaignMediaField } from "./CampaignMediaField";
import { CampaignMessageSlots } from "./CampaignMessageSlots";
import { CampaignUserField } from "./CampaignUserField";
import { campaignBody, initialCampaignValues, useCampaignValidationMessage } from "./campaign-form";

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
  const openTicket = form.watch("openTicket") === "enabled";

  const connections = useConnections();
  const lists = useContactListsInfinite("");
  const tags = useTags();
  const queues = useQueueOptions(openTicket);
  const settings = useCampaignSettings();
  const custom = settings.data ? parseCampaignSettings(settings.data).variables : [];
  // On a Cloud API connection each message slot holds an approved template, not free text.
  const whatsappId = form.watch("whatsappId");
  const connection = (connections.data ?? []).find((item) => item.id === whatsappId);
  const channel =
    connection?.channel ?? (current?.whatsappId === whatsappId ? current?.whatsapp?.channel : undefined);
  const cloudWhatsappId = channel === "whatsappapi" && typeof whatsappId === "number" ? whatsappId : null;
  const variables = ["{nome}", "{numero}", "{email}", ...custom.map((v) => `{${v.key}}`)].join(", ");

  const message = useCampaignValidationMessage();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async () => {
    try {
      const saved = await save.mutateAsync({
        id: current?.id ?? null,
        body: campaignBody(form.getValues(), current, cloudWhatsappId !== null),
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
                  <IdSelect
                    disabled={locked}
                    label={t("campaigns.dialog.contactList")}
                    noneLabel={t("campaigns.dialog.noList")}
                    value={field.value}
                    options={listRows}
                    onChange={field.onChange}
                    error={Boolean(errors.contactListId)}
                    helperText={message(errors.contactListId?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="tagListId"
                render={({ field }) => (
                  <IdSelect
                    disabled={locked}
                    label={t("campaigns.dialog.tag")}
                    noneLabel={t("campaigns.dialog.noTag")}
                    value={typeof field.value === "number" ? field.value : null}
                    options={tags.data ?? []}
                    onChange={(id) => field.onChange(id ?? CAMPAIGN_NO_TAG)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="whatsappId"
                render={({ field }) => (
                  <IdSelect
                    required
                    disabled={locked}
                    label={t("campaigns.dialog.whatsapp")}
                    value={field.value}
                    options={connections.data ?? []}
                    onChange={field.onChange}
                    error={Boolean(errors.whatsappId)}
                    helperText={message(errors.whatsappId?.message)}
                  />
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
                  <CampaignUserField
                    initial={current?.user ?? null}
                    disabled={locked || !openTicket}
                    onChange={field.onChange}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="queueId"
                render={({ field }) => (
                  <IdSelect
                    disabled={locked || !openTicket}
                    label={t("campaigns.dialog.queue")}
                    noneLabel={t("common.none")}
                    value={field.value}
                    options={queues.data ?? []}
                    onChange={field.onChange}
                    error={Boolean(errors.queueId)}
                    helperText={message(errors.queueId?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <CampaignMessageSlots
                form={form}
                editable={messagesEditable}
                templatesEditable={editable}
                cloudWhatsappId={cloudWhatsappId}
                variables={variables}
              />
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

import { QUEUE_ROTATOR_MINUTES } from "@inbox/shared";
import { Divider, FormControlLabel, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ChatbotOptionsEditor, type Choice } from "./ChatbotOptionsEditor";
import { ColorField } from "./ColorField";
import { type FieldErrors, messageText, type QueueDraft } from "./queue-form";

interface QueueDataTabProps {
  draft: QueueDraft;
  errors: FieldErrors;
  users: Choice[];
  queues: Choice[];
  /** The company's file lists (GET /files/list). */
  fileLists: Choice[];
  /** The company's integrations (GET /queueIntegration); shown with the plan flag useIntegrations. */
  integrations: Choice[];
  /** The plan's useIntegrations: without it the queue's integration select is not shown. */
  withIntegration: boolean;
  onChange: (patch: Partial<QueueDraft>) => void;
}

/**
 * The data tab of the queue modal (spec 2 section 2): name, colour, greeting,
 * order, close-ticket, rotator, integration, file list, out-of-hours message
 * and the chatbot option tree.
 */
export function QueueDataTab({
  draft,
  errors,
  users,
  queues,
  fileLists,
  integrations,
  withIntegration,
  onChange,
}: QueueDataTabProps) {
  const { t } = useTranslation();
  const error = (field: string) => messageText(errors[field], field);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label={t("queues.modal.fields.name")}
          value={draft.name}
          required
          size="small"
          fullWidth
          autoFocus
          onChange={(event) => onChange({ name: event.target.value })}
          error={Boolean(error("name"))}
          helperText={error("name")}
        />
        <TextField
          label={t("queues.modal.fields.orderQueue")}
          value={draft.orderQueue}
          size="small"
          type="number"
          // Wide enough for its label in every language: a cut label hides what the number is for.
          sx={{ flexShrink: 0, width: { sm: 240 } }}
          onChange={(event) => onChange({ orderQueue: event.target.value })}
          error={Boolean(error("orderQueue"))}
          helperText={error("orderQueue")}
          slotProps={{ htmlInput: { min: 0 } }}
        />
      </Stack>
      <ColorField value={draft.color} error={error("color")} onChange={(color) => onChange({ color })} />
      <TextField
        label={t("queues.modal.fields.greetingMessage")}
        value={draft.greetingMessage}
        size="small"
        multiline
        minRows={3}
        onChange={(event) => onChange({ greetingMessage: event.target.value })}
        error={Boolean(error("greetingMessage"))}
        helperText={error("greetingMessage")}
      />
      <TextField
        label={t("queues.modal.fields.outOfHoursMessage")}
        value={draft.outOfHoursMessage}
        size="small"
        multiline
        minRows={2}
        onChange={(event) => onChange({ outOfHoursMessage: event.target.value })}
        error={Boolean(error("outOfHoursMessage"))}
        helperText={error("outOfHoursMessage")}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <FormControlLabel
          control={
            <Switch checked={draft.closeTicket} onChange={(_, closeTicket) => onChange({ closeTicket })} />
          }
          label={t("queues.modal.fields.closeTicket")}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.ativarRoteador}
              onChange={(_, ativarRoteador) => onChange({ ativarRoteador })}
            />
          }
          label={t("queues.modal.fields.ativarRoteador")}
        />
        <TextField
          select
          label={t("queues.modal.fields.tempoRoteador")}
          value={draft.tempoRoteador}
          size="small"
          sx={{ minWidth: 180 }}
          disabled={!draft.ativarRoteador}
          onChange={(event) => onChange({ tempoRoteador: Number(event.target.value) })}
          error={Boolean(error("tempoRoteador"))}
          helperText={error("tempoRoteador")}
        >
          {QUEUE_ROTATOR_MINUTES.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {t("queues.modal.minutes", { count: minutes })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {withIntegration && (
          <TextField
            select
            label={t("queues.modal.fields.integrationId")}
            value={draft.integrationId ?? ""}
            size="small"
            fullWidth
            onChange={(event) =>
              onChange({ integrationId: event.target.value === "" ? null : Number(event.target.value) })
            }
            error={Boolean(error("integrationId"))}
            helperText={
              error("integrationId") ??
              (integrations.length === 0
                ? t("queues.modal.noIntegrations")
                : t("queues.modal.integrationHelp"))
            }
          >
            <MenuItem value="">{t("common.none")}</MenuItem>
            {integrations.map((integration) => (
              <MenuItem key={integration.id} value={integration.id}>
                {integration.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={t("queues.modal.fields.fileListId")}
          value={draft.fileListId ?? ""}
          size="small"
          fullWidth
          onChange={(event) =>
            onChange({ fileListId: event.target.value === "" ? null : Number(event.target.value) })
          }
          error={Boolean(error("fileListId"))}
          helperText={
            error("fileListId") ?? (fileLists.length === 0 ? t("queues.modal.noFileLists") : undefined)
          }
        >
          <MenuItem value="">{t("common.none")}</MenuItem>
          {fileLists.map((list) => (
            <MenuItem key={list.id} value={list.id}>
              {list.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Divider />
      <ChatbotOptionsEditor
        options={draft.chatbots}
        errors={errors}
        users={users}
        queues={queues}
        fileLists={fileLists}
        integrations={integrations}
        onChange={(chatbots) => onChange({ chatbots })}
      />
    </Stack>
  );
}

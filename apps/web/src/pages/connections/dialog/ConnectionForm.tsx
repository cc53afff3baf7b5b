import { zodResolver } from "@hookform/resolvers/zod";
import type { Channel, ConnectionDto } from "@inbox/shared";
import { Box, Button, DialogActions, DialogContent, Tab, Tabs } from "@mui/material";
import { type ReactNode, useId, useMemo, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { toastError } from "../../../app/toast/toast-error";
import { DialogForm } from "../../../components/DialogForm";
import { AssessmentsTab } from "./AssessmentsTab";
import { ChatbotTab } from "./ChatbotTab";
import { CredentialFields } from "./CredentialFields";
import {
  type ConnectionFormInput,
  type ConnectionFormSettings,
  type ConnectionFormValues,
  connectionFormSchema,
  FORM_TABS,
  type FormTab,
  tabOfField,
  toFormValues,
} from "./connection-form-schema";
import { GeneralTab } from "./GeneralTab";
import { type GreetingMediaChange, GreetingMediaField } from "./GreetingMediaField";
import { type AutomationOptions, IntegrationsTab } from "./IntegrationsTab";

const NO_AUTOMATION: AutomationOptions = { flows: [], prompts: [], integrations: [] };

import { MessagesTab } from "./MessagesTab";
import { SchedulesTab } from "./SchedulesTab";
import { applyServerError } from "./server-errors";
import { VacationTab } from "./VacationTab";

export interface ConnectionFormProps {
  channel: Channel;
  /** The saved connection when editing (never carries secrets); absent when creating. */
  connection?: ConnectionDto;
  queues: QueueOption[];
  /** The company's settings and plan as they shape the dialog. */
  settings: ConnectionFormSettings & { integrations: boolean; openAi?: boolean };
  /** The flows, prompts and integrations the automation selects offer (empty while loading). */
  automation?: AutomationOptions;
  onSubmit: (values: ConnectionFormValues, media: GreetingMediaChange) => Promise<void>;
  onCancel: () => void;
  /** The messages-API token block (ApiTokenField), shown on the general tab. */
  apiToken?: ReactNode;
}

/**
 * The connection dialog's form (spec 2 section 2): tabs general,
 * integrations (plan flag useIntegrations), messages, chatbot, assessments,
 * schedules (scheduleType "connection") and collective vacation. Every tab
 * stays mounted, so one save sends every field and focus-on-error works
 * after a tab switch.
 */
export function ConnectionForm({
  channel,
  connection,
  queues,
  settings,
  onSubmit,
  onCancel,
  apiToken,
  automation = NO_AUTOMATION,
}: ConnectionFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [tab, setTab] = useState<FormTab>("general");
  const [media, setMedia] = useState<GreetingMediaChange>({ kind: "keep" });
  const resolver = useMemo(
    () => zodResolver(connectionFormSchema({ userRating: settings.userRating })),
    [settings.userRating],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConnectionFormInput, unknown, ConnectionFormValues>({
    resolver,
    defaultValues: toFormValues(channel, connection),
    mode: "onTouched",
  });

  // Flows for WhatsApp connections (the runtime's), the prompt and the integration with their plan flags.
  const automationShown = {
    flows: channel === "whatsapp" || channel === "whatsappapi",
    prompt: Boolean(settings.openAi),
    integration: settings.integrations,
  };
  const shown = FORM_TABS.filter(
    (name) =>
      (name !== "integrations" || Object.values(automationShown).some(Boolean)) &&
      (name !== "schedules" || settings.schedulesByConnection),
  );

  /** Show the tab of the first failing field, so its message is seen. */
  const revealFirst = (fields: string[]) => {
    const first = fields.map(tabOfField).find((name) => shown.includes(name));
    if (first) setTab(first);
  };

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values, media);
      } catch (error) {
        const fields = applyServerError(error, setError);
        if (fields.length > 0) revealFirst(fields);
        else toastError(error);
      }
    },
    (invalid: FieldErrors<ConnectionFormInput>) => revealFirst(Object.keys(invalid)),
  );

  const tabId = (name: FormTab) => `${idPrefix}-tab-${name}`;
  const panelId = (name: FormTab) => `${idPrefix}-panel-${name}`;
  const panel = (name: FormTab) => ({
    role: "tabpanel",
    id: panelId(name),
    "aria-labelledby": tabId(name),
    hidden: tab !== name,
  });
  const fields = { control, register, errors };

  return (
    <DialogForm onSubmit={submit}>
      <Tabs
        value={tab}
        onChange={(_event, value: FormTab) => setTab(value)}
        variant="scrollable"
        sx={{ px: 3, flexShrink: 0 }}
      >
        {shown.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`connectionModal.tabs.${name}`)}
            id={tabId(name)}
            aria-controls={panelId(name)}
          />
        ))}
      </Tabs>
      <DialogContent dividers>
        <Box {...panel("general")}>
          <GeneralTab
            {...fields}
            queues={queues}
            showImport={channel === "whatsapp"}
            connected={channel === "whatsapp" && connection?.status === "CONNECTED"}
            apiToken={apiToken}
            credentials={
              channel !== "whatsapp" && (
                <CredentialFields
                  channel={channel}
                  register={register}
                  errors={errors}
                  connection={connection}
                />
              )
            }
          />
        </Box>
        {shown.includes("integrations") && (
          <Box {...panel("integrations")}>
            <IntegrationsTab control={control} errors={errors} options={automation} shown={automationShown} />
          </Box>
        )}
        <Box {...panel("messages")}>
          <MessagesTab
            register={register}
            errors={errors}
            userRating={settings.userRating}
            greetingMedia={
              <GreetingMediaField
                current={
                  connection?.greetingMediaAttachment
                    ? { url: connection.greetingMediaAttachment, name: connection.greetingMediaName }
                    : null
                }
                change={media}
                onChange={setMedia}
              />
            }
          />
        </Box>
        <Box {...panel("chatbot")}>
          <ChatbotTab {...fields} queues={queues} />
        </Box>
        <Box {...panel("assessments")}>
          <AssessmentsTab register={register} errors={errors} userRating={settings.userRating} />
        </Box>
        {settings.schedulesByConnection && (
          <Box {...panel("schedules")}>
            <SchedulesTab {...fields} />
          </Box>
        )}
        <Box {...panel("vacation")}>
          <VacationTab register={register} errors={errors} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t("common.save")}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

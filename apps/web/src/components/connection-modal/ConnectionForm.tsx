import { zodResolver } from "@hookform/resolvers/zod";
import type { Channel, ConnectionDto } from "@inbox/shared";
import { Box, Button, DialogActions, DialogContent, Tab, Tabs } from "@mui/material";
import { useId, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../api/queues";
import { toastError } from "../../app/toast/toast-error";
import { ConnectionChatbotFields } from "./ConnectionChatbotFields";
import { ConnectionCredentialFields } from "./ConnectionCredentialFields";
import { ConnectionGeneralFields } from "./ConnectionGeneralFields";
import {
  type ConnectionFormInput,
  type ConnectionFormValues,
  connectionFormSchema,
  tabOfField,
  toFormValues,
} from "./connection-form-schema";
import { applyServerError } from "./server-errors";

const TABS = ["general", "chatbot"] as const;
type FormTab = (typeof TABS)[number];

const resolver = zodResolver(connectionFormSchema);

interface ConnectionFormProps {
  channel: Channel;
  /** The saved connection when editing (never carries secrets); absent when creating. */
  connection?: ConnectionDto;
  queues: QueueOption[];
  onSubmit: (values: ConnectionFormValues) => Promise<void>;
  onCancel: () => void;
}

/** The connection dialog's form: a general tab and a chatbot tab (spec 2 section 2). */
export function ConnectionForm({ channel, connection, queues, onSubmit, onCancel }: ConnectionFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [tab, setTab] = useState<FormTab>("general");
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

  /** Show the tab of the first failing field, so its message is seen. */
  const revealFirst = (fields: string[]) => {
    const first = fields[0];
    if (first) setTab(tabOfField(first));
  };

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
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

  return (
    <form onSubmit={submit} noValidate>
      <Box sx={{ borderBottom: 1, borderColor: "divider", px: 3 }}>
        <Tabs value={tab} onChange={(_event, value: FormTab) => setTab(value)} variant="scrollable">
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`connectionModal.tabs.${name}`)}
              id={tabId(name)}
              aria-controls={panelId(name)}
            />
          ))}
        </Tabs>
      </Box>
      <DialogContent dividers>
        {/* Both panels stay mounted: field refs stay valid, so focus-on-error works after a tab switch. */}
        <Box
          role="tabpanel"
          id={panelId("general")}
          aria-labelledby={tabId("general")}
          hidden={tab !== "general"}
        >
          <ConnectionGeneralFields
            control={control}
            register={register}
            errors={errors}
            queues={queues}
            credentials={
              channel !== "whatsapp" && (
                <ConnectionCredentialFields
                  channel={channel}
                  register={register}
                  errors={errors}
                  connection={connection}
                />
              )
            }
          />
        </Box>
        <Box
          role="tabpanel"
          id={panelId("chatbot")}
          aria-labelledby={tabId("chatbot")}
          hidden={tab !== "chatbot"}
        >
          <ConnectionChatbotFields control={control} register={register} errors={errors} queues={queues} />
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
    </form>
  );
}

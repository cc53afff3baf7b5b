import { Alert, Stack } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type IdOption, IdSelect } from "../../../components/IdSelect";
import type { TabProps } from "./form-fields";
import { useHelperText } from "./form-fields";

/** The records a connection's automation may name, loaded by the dialog. */
export interface AutomationOptions {
  flows: readonly IdOption[];
  prompts: readonly IdOption[];
  integrations: readonly IdOption[];
}

export interface AutomationShown {
  /** WhatsApp connections: the welcome flow and the no-phrase flow (spec 3 flow runtime). */
  flows: boolean;
  /** Plan flag useOpenAi. */
  prompt: boolean;
  /** Plan flag useIntegrations. */
  integration: boolean;
}

type LinkField = "flowIdWelcome" | "flowIdNotPhrase" | "promptId" | "integrationId";

/**
 * A connection's automation (spec 3): the flow a new contact's first message starts, the flow run
 * when no phrase campaign matches, the AI prompt that answers and the integration conversations
 * go to. Each is optional ("Nenhum"); the server checks each is the company's.
 */
export function IntegrationsTab({
  control,
  errors,
  options,
  shown,
}: Pick<TabProps, "control" | "errors"> & { options: AutomationOptions; shown: AutomationShown }) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  const select = (name: LinkField, list: readonly IdOption[]) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <IdSelect
          label={t(`connectionModal.fields.${name}`)}
          value={field.value}
          options={list}
          onChange={field.onChange}
          noneLabel={t("common.none")}
          error={Boolean(errors[name])}
          helperText={
            helperText(name, errors[name]?.message, undefined) ??
            t(`connectionModal.integrations.help.${name}`)
          }
        />
      )}
    />
  );
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t("connectionModal.integrations.intro")}</Alert>
      {shown.flows && select("flowIdWelcome", options.flows)}
      {shown.flows && select("flowIdNotPhrase", options.flows)}
      {shown.prompt && select("promptId", options.prompts)}
      {shown.integration && select("integrationId", options.integrations)}
    </Stack>
  );
}

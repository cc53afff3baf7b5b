import {
  CAMPAIGN_MESSAGE_SLOTS,
  type CampaignFormValues,
  type CampaignInput,
  type CampaignMessageField,
} from "@inbox/shared";
import { Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCampaignValidationMessage } from "./campaign-form";

interface CampaignMessageSlotsProps {
  form: UseFormReturn<CampaignFormValues, unknown, CampaignInput>;
  /** Whether the texts may change (an editable or a cancelled campaign). */
  editable: boolean;
  /** The variables help ({nome}, {numero}, {email} and the custom ones). */
  variables: string;
}

/** The five message slots as tabs, each with its confirmation message when confirmation is on. */
export function CampaignMessageSlots({ form, editable, variables }: CampaignMessageSlotsProps) {
  const { t } = useTranslation();
  const message = useCampaignValidationMessage();
  const [slot, setSlot] = useState(0);
  const confirmation = form.watch("confirmation");
  const field = `message${slot + 1}` as CampaignMessageField;
  const error = form.formState.errors[field];
  return (
    <>
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
        key={field}
        label={t("campaigns.dialog.message", { n: slot + 1 })}
        multiline
        minRows={4}
        fullWidth
        disabled={!editable}
        {...form.register(field)}
        error={Boolean(error)}
        helperText={message(error?.message)}
      />
      {(confirmation === true || confirmation === "true") && (
        <TextField
          key={`confirmationMessage${slot + 1}`}
          label={t("campaigns.dialog.confirmationMessage", { n: slot + 1 })}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          disabled={!editable}
          {...form.register(`confirmationMessage${slot + 1}` as "confirmationMessage1")}
        />
      )}
    </>
  );
}

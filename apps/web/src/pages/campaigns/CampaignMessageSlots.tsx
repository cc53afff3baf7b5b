import {
  CAMPAIGN_MESSAGE_SLOTS,
  type CampaignFormValues,
  type CampaignInput,
  type CampaignMessageField,
} from "@inbox/shared";
import { Box, Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CampaignTemplateField } from "./CampaignTemplateField";
import { useCampaignValidationMessage } from "./campaign-form";

type SlotTemplates = NonNullable<CampaignFormValues["templates"]>;

interface CampaignMessageSlotsProps {
  form: UseFormReturn<CampaignFormValues, unknown, CampaignInput>;
  /** Whether the texts may change (an editable or a cancelled campaign). */
  editable: boolean;
  /** Whether the templates may change (an editable campaign: a cancelled one takes only texts). */
  templatesEditable: boolean;
  /** A Cloud API (whatsappapi) connection: each slot holds one of its approved templates. */
  cloudWhatsappId: number | null;
  /** The variables help ({nome}, {numero}, {email} and the custom ones). */
  variables: string;
}

/** `templates` with slot `index`'s replaced: one entry (null when empty) per slot up to the longest. */
function withTemplate(templates: SlotTemplates | undefined, index: number, value: SlotTemplates[number]) {
  const list = Array.from(
    { length: Math.max(index + 1, templates?.length ?? 0) },
    (_, i) => templates?.[i] ?? null,
  );
  list[index] = value;
  return list;
}

/**
 * The five message slots as tabs, each with its confirmation message when confirmation is on. On a
 * Cloud API connection a slot holds an approved template instead of free text (the variant a
 * contact gets); the confirmation stays free text (the contact's answer opened Meta's window).
 */
export function CampaignMessageSlots({
  form,
  editable,
  templatesEditable,
  cloudWhatsappId,
  variables,
}: CampaignMessageSlotsProps) {
  const { t } = useTranslation();
  const message = useCampaignValidationMessage();
  const [slot, setSlot] = useState(0);
  const confirmation = form.watch("confirmation");
  const field = `message${slot + 1}` as CampaignMessageField;
  const error = form.formState.errors[field];
  const variablesHelp = t("campaigns.dialog.variables", { list: variables });
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
      {cloudWhatsappId !== null ? (
        <Controller
          control={form.control}
          name="templates"
          render={({ field: templates, fieldState }) => (
            <Box sx={{ mt: 2 }}>
              <CampaignTemplateField
                key={`template${slot + 1}`}
                whatsappId={cloudWhatsappId}
                value={templates.value?.[slot] ?? null}
                onChange={(value) => templates.onChange(withTemplate(templates.value, slot, value))}
                disabled={!templatesEditable}
                error={message(fieldState.error?.message)}
                variablesHelp={variablesHelp}
              />
            </Box>
          )}
        />
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 1 }}>
            {variablesHelp}
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
        </>
      )}
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

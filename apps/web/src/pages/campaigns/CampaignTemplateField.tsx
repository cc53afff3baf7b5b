import type { CampaignFormValues, CloudTemplateDto } from "@inbox/shared";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useCampaignTemplates } from "../../api/campaigns";
import { errorMessage } from "../../app/toast/toast-error";

/** One slot's template (null: the slot is empty). */
type TemplateValue = NonNullable<CampaignFormValues["templates"]>[number];

interface CampaignTemplateFieldProps {
  /** The Cloud API (whatsappapi) connection whose approved templates are offered. */
  whatsappId: number;
  value: TemplateValue;
  onChange: (value: TemplateValue) => void;
  disabled: boolean;
  /** The form's message for the template (e.g. required), already translated. */
  error?: string;
  /** The variables help ({nome}, {numero}...), usable in each parameter. */
  variablesHelp: string;
}

const keyOf = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/**
 * On a whatsappapi connection a campaign opens conversations with an approved template instead of
 * free text, one per message slot (the slot's variant): pick one (GET
 * /campaigns/templates/{whatsappId}), see its body, and fill one value per parameter
 * ({{1}}..{{n}}), each of which may hold the campaign variables. The body is saved with it (what
 * the tickets show once filled).
 */
export function CampaignTemplateField({
  whatsappId,
  value,
  onChange,
  disabled,
  error,
  variablesHelp,
}: CampaignTemplateFieldProps) {
  const { t } = useTranslation();
  const templates = useCampaignTemplates(whatsappId);
  const list = templates.data?.templates ?? [];
  const chosen = value ? list.find((item) => keyOf(item) === keyOf(value)) : undefined;
  const variables = value?.variables ?? [];
  const count = chosen?.parameterCount ?? variables.length;

  const choose = (next: CloudTemplateDto | undefined) => {
    if (!next) return onChange(null);
    const same = value && keyOf(value) === keyOf(next);
    onChange({
      name: next.name,
      language: next.language,
      body: next.body,
      variables: Array.from(
        { length: next.parameterCount },
        (_, index) => (same ? variables[index] : "") ?? "",
      ),
    });
  };
  const setVariable = (index: number, text: string) => {
    if (!value) return;
    const next = Array.from({ length: count }, (_, i) => variables[i] ?? "");
    next[index] = text;
    onChange({ ...value, variables: next });
  };

  let helperText = error ?? t("campaigns.dialog.templateHelp");
  if (templates.isError)
    helperText = t("campaigns.dialog.templatesError", { message: errorMessage(templates.error) });
  else if (templates.isPending) helperText = t("common.loading");
  else if (list.length === 0) helperText = t("campaigns.dialog.noTemplates");

  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        disabled={disabled}
        label={t("campaigns.dialog.template")}
        value={chosen ? keyOf(chosen) : ""}
        onChange={(event) => choose(list.find((item) => keyOf(item) === event.target.value))}
        error={templates.isError || Boolean(error)}
        helperText={helperText}
      >
        <MenuItem value="">{t("campaigns.dialog.noTemplate")}</MenuItem>
        {list.map((item) => (
          <MenuItem key={keyOf(item)} value={keyOf(item)}>
            {item.name} ({item.language})
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <Typography
          variant="body2"
          data-testid="campaign-template-body"
          sx={{ whiteSpace: "pre-wrap", p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}
        >
          {chosen.body}
        </Typography>
      )}
      {value && count > 0 && (
        <Typography variant="caption" color="text.secondary">
          {variablesHelp}
        </Typography>
      )}
      {value &&
        Array.from({ length: count }, (_, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: one field per template parameter position
            key={index}
            fullWidth
            disabled={disabled}
            label={t("campaigns.dialog.templateParam", { n: index + 1 })}
            value={variables[index] ?? ""}
            onChange={(event) => setVariable(index, event.target.value)}
          />
        ))}
    </Stack>
  );
}

import { Box, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { useUpdateSetting } from "../../api/settings";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { MarkInvoicePaid } from "../checkout/MarkInvoicePaid";
import {
  type MessageItem,
  maxLengthOf,
  orderedChoicesOf,
  type PanelKey,
  phoneCountryLabel,
  ruleOfFlag,
  ruleOfMessage,
  SETTING_GROUPS,
  type SettingItem,
  SHOWN_DEFAULTS,
} from "./setting-groups";

/** Help texts name message variables ({{queue}}…): i18next must print them, not fill them in. */
const VARIABLES = { queue: "{{queue}}", name: "{{name}}", userName: "{{userName}}" };

interface OptionsTabProps {
  values: Record<string, string | null>;
  isSuper: boolean;
}

/**
 * Every setting of spec 2 section 3 (not the whitelabel keys), each with a
 * help text saying what the server does with it. A choice is saved when it is
 * picked, a message when its field is left ('Operação atualizada com
 * sucesso.'). Spec 2 section 5: a flag that needs its message waits for it —
 * the message field shows the rule, and the flag is saved right after the
 * message (the server refuses the other order).
 */
export function OptionsTab({ values, isSuper }: OptionsTabProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSetting();
  /** Flags picked whose message is still missing: shown as picked, not saved yet. */
  const [pending, setPending] = useState<Partial<Record<PanelKey, string>>>({});
  /** Messages being typed, until their field is left. */
  const [drafts, setDrafts] = useState<Partial<Record<PanelKey, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<PanelKey, string>>>({});

  const stored = (key: PanelKey) => values[key] ?? SHOWN_DEFAULTS[key] ?? "";
  const shown = (key: PanelKey) => pending[key] ?? stored(key);
  const messageText = (key: PanelKey) => drafts[key] ?? values[key] ?? "";
  const requiredText = (key: PanelKey) =>
    t(`settings.required.${key}` as "settings.required.transferMessage");
  const setError = (key: PanelKey, message?: string) => setErrors((all) => ({ ...all, [key]: message }));
  const dropPending = (key: PanelKey) =>
    setPending((all) => {
      const { [key]: _dropped, ...rest } = all;
      return rest as typeof all;
    });
  const dropDraft = (key: PanelKey) =>
    setDrafts((all) => {
      const { [key]: _dropped, ...rest } = all;
      return rest as typeof all;
    });

  /** Saves one setting; false when the server refused it (the reason is shown). */
  const save = async (key: PanelKey, value: string | null): Promise<boolean> => {
    try {
      await update.mutateAsync({ key, value });
      toast.success(t("settings.saved"));
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === "ERR_SETTING_MESSAGE_REQUIRED" && error.field)
        setError(error.field as PanelKey, requiredText(error.field as PanelKey));
      toastError(error);
      return false;
    }
  };

  const pickChoice = async (key: PanelKey, value: string) => {
    const rule = ruleOfFlag(key);
    if (rule) {
      setError(rule.message, undefined);
      if (value === rule.when && !messageText(rule.message).trim()) {
        // Section 5: ask for the message first; the flag follows it.
        setPending((all) => ({ ...all, [key]: value }));
        setError(rule.message, requiredText(rule.message));
        return;
      }
      dropPending(key);
      if (value === rule.when && drafts[rule.message] !== undefined) {
        if (!(await saveMessage(rule.message))) return;
      }
    }
    if (value === stored(key) && values[key] !== undefined) return;
    await save(key, value);
  };

  /** A message field was left: save it when it changed, then a flag that waited for it. */
  const saveMessage = async (key: PanelKey): Promise<boolean> => {
    const draft = drafts[key];
    const rule = ruleOfMessage(key);
    if (draft !== undefined) {
      const needed = rule && shown(rule.flag) === rule.when;
      if (needed && !draft.trim()) {
        setError(key, requiredText(key));
        return false;
      }
      if (draft.trim() !== (values[key] ?? "")) {
        if (!(await save(key, draft))) return false;
      }
      dropDraft(key);
    }
    setError(key, undefined);
    const waiting = rule ? pending[rule.flag] : undefined;
    if (rule && waiting !== undefined && messageText(key).trim()) {
      dropPending(rule.flag);
      return save(rule.flag, waiting);
    }
    return true;
  };

  /** A message its flag needs and that is empty says so at once (also for older data saved without it). */
  const messageError = (key: PanelKey) => {
    if (errors[key]) return errors[key];
    const rule = ruleOfMessage(key);
    return rule && shown(rule.flag) === rule.when && !messageText(key).trim() ? requiredText(key) : undefined;
  };

  const visible = (item: SettingItem) =>
    !("showWhen" in item && item.showWhen) || shown(item.showWhen.key) === item.showWhen.value;

  return (
    <Stack spacing={2}>
      {SETTING_GROUPS.filter((group) => !group.superOnly || isSuper).map((group) => (
        <Paper
          key={group.id}
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-labelledby={`settings-${group.id}`}
        >
          <Typography id={`settings-${group.id}`} variant="h6" component="h2" sx={{ mb: 2 }}>
            {t(`settings.groups.${group.id}`)}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {group.items.filter(visible).map((item) =>
              item.type === "choice" ? (
                <TextField
                  key={item.key}
                  select
                  fullWidth
                  size="small"
                  label={t(`settings.keys.${item.key}`)}
                  value={shown(item.key)}
                  onChange={(event) => void pickChoice(item.key, event.target.value)}
                  helperText={t(`settings.help.${item.key}`, VARIABLES)}
                  disabled={update.isPending}
                >
                  {orderedChoicesOf(item.key, i18n.language).map((value) => (
                    <MenuItem key={value} value={value}>
                      {item.key === "downloadLimit"
                        ? `${value} MB`
                        : item.key === "phoneDefaultCountry"
                          ? phoneCountryLabel(value, i18n.language)
                          : item.key === "trialDays"
                            ? t("settings.trialDaysValue", { count: Number(value) })
                            : t(`settings.values.${value}` as "settings.values.enabled")}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <MessageField
                  key={item.key}
                  item={item}
                  value={messageText(item.key)}
                  error={messageError(item.key)}
                  onChange={(text) => {
                    setDrafts((all) => ({ ...all, [item.key]: text }));
                    if (text.trim()) setError(item.key, undefined);
                  }}
                  onBlur={() => void saveMessage(item.key)}
                />
              ),
            )}
          </Box>
        </Paper>
      ))}
      {isSuper && <MarkInvoicePaid />}
    </Stack>
  );
}

interface MessageFieldProps {
  item: MessageItem;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Keys typed on one line (a link, the PIX receiver's fields); the others are messages of several lines. */
const SINGLE_LINE: ReadonlySet<string> = new Set([
  "lgpdLink",
  "pixKey",
  "pixMerchantName",
  "pixMerchantCity",
]);

function MessageField({ item, value, error, onChange, onBlur }: MessageFieldProps) {
  const { t } = useTranslation();
  const singleLine = SINGLE_LINE.has(item.key);
  return (
    <TextField
      fullWidth
      multiline={!singleLine}
      minRows={singleLine ? undefined : 2}
      size="small"
      label={t(`settings.keys.${item.key}`)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? t(`settings.help.${item.key}`, VARIABLES)}
      slotProps={{ htmlInput: { maxLength: maxLengthOf(item.key) } }}
      sx={{ gridColumn: "1 / -1" }}
    />
  );
}

import { WHITELABEL_DEFAULTS, type WhitelabelLogoMode } from "@inbox/shared";
import { Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateSetting } from "../../../api/settings";
import { usePublicSettingWriter, useUploadLogo } from "../../../api/whitelabel";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { useWhitelabel } from "../../../app/WhitelabelHead";
import { ColorPickerDialog } from "./ColorPickerDialog";
import { LogoUpload } from "./LogoUpload";

type ColorKey = "primaryColorLight" | "primaryColorDark";
const COLOR_KEYS: ColorKey[] = ["primaryColorLight", "primaryColorDark"];
const LOGO_MODES: WhitelabelLogoMode[] = ["light", "dark", "favicon"];
const NAME_MAX = 50;

/**
 * The whitelabel tab of /settings (spec 2, super users only): the light and
 * dark primary colours (colour-picker dialog), the system name, and the light
 * logo, dark logo and favicon with previews. Every change is the platform's:
 * the login page, every company's theme, tab title and favicon. This tab
 * applies it at once; other signed-in users get it on their next page load.
 */
export function WhitelabelTab() {
  const { t } = useTranslation();
  const whitelabel = useWhitelabel();
  const updateSetting = useUpdateSetting();
  const uploadLogo = useUploadLogo();
  const writePublic = usePublicSettingWriter();
  const [picking, setPicking] = useState<ColorKey | null>(null);
  const [name, setName] = useState<string | null>(null);
  const shownName = name ?? whitelabel.appName ?? "";

  const save = async (key: string, value: string | null) => {
    try {
      const saved = await updateSetting.mutateAsync({ key, value });
      writePublic(saved.key, saved.value);
      toast.success(t("whitelabel.saved"));
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };

  const upload = async (mode: WhitelabelLogoMode, file: File) => {
    try {
      await uploadLogo.mutateAsync({ mode, file });
      toast.success(t("whitelabel.saved"));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {t("whitelabel.colors")}
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          {COLOR_KEYS.map((key) => {
            const value = whitelabel[key];
            return (
              <Stack key={key} direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                <Button
                  variant="outlined"
                  onClick={() => setPicking(key)}
                  aria-label={t("whitelabel.changeColor", { name: t(`whitelabel.fields.${key}`) })}
                  sx={{ minWidth: 48, width: 48, height: 48, p: 0, bgcolor: value, borderColor: "divider" }}
                />
                <Box sx={{ flexGrow: 1 }}>
                  <Typography variant="body2">{t(`whitelabel.fields.${key}`)}</Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ fontFamily: "monospace" }}
                    data-testid={`${key}-value`}
                  >
                    {value}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  disabled={value === WHITELABEL_DEFAULTS[key] || updateSetting.isPending}
                  onClick={() => void save(key, null)}
                >
                  {t("whitelabel.restore")}
                </Button>
              </Stack>
            );
          })}
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <form
          noValidate
          aria-label={t("whitelabel.fields.appName")}
          onSubmit={(event) => {
            event.preventDefault();
            if (shownName.trim().length > NAME_MAX) return;
            void save("appName", shownName.trim() || null).then((ok) => ok && setName(null));
          }}
        >
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={1.5}
            sx={{ alignItems: { sm: "flex-start" } }}
          >
            <TextField
              label={t("whitelabel.fields.appName")}
              size="small"
              value={shownName}
              onChange={(event) => setName(event.target.value)}
              error={shownName.trim().length > NAME_MAX}
              helperText={
                shownName.trim().length > NAME_MAX
                  ? t("whitelabel.nameTooLong", { max: NAME_MAX })
                  : t("whitelabel.nameHint")
              }
              sx={{ flexGrow: 1 }}
            />
            <Button type="submit" variant="contained" disabled={updateSetting.isPending || name === null}>
              {t("common.save")}
            </Button>
          </Stack>
        </form>
      </Paper>

      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
        {LOGO_MODES.map((mode) => (
          <LogoUpload
            key={mode}
            mode={mode}
            src={
              mode === "light"
                ? whitelabel.logoLight
                : mode === "dark"
                  ? whitelabel.logoDark
                  : whitelabel.favicon
            }
            busy={uploadLogo.isPending}
            onUpload={(file) => void upload(mode, file)}
          />
        ))}
      </Box>

      {picking && (
        <ColorPickerDialog
          open
          title={t(`whitelabel.fields.${picking}`)}
          value={whitelabel[picking]}
          busy={updateSetting.isPending}
          onSave={(color) => void save(picking, color).then((ok) => ok && setPicking(null))}
          onClose={() => setPicking(null)}
        />
      )}
    </Stack>
  );
}

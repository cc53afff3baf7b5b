import { MENU_STATES, THEMES } from "@inbox/shared";
import { Grid, MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../mui-register";
import type { UserFormInput } from "./user-form-schema";

interface UserPreferenceFieldsProps {
  control: Control<UserFormInput>;
  register: UseFormRegister<UserFormInput>;
  errors: FieldErrors<UserFormInput>;
}

/** Farewell message, side menu and theme: every user may edit their own. */
export function UserPreferenceFields({ control, register, errors }: UserPreferenceFieldsProps) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          {...muiRegister(register("farewellMessage"))}
          label={t("userModal.fields.farewellMessage")}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(errors.farewellMessage)}
          helperText={errors.farewellMessage?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="defaultMenu"
          render={({ field }) => (
            <TextField {...field} select fullWidth label={t("userModal.fields.defaultMenu")}>
              {MENU_STATES.map((state) => (
                <MenuItem key={state} value={state}>
                  {t(`userModal.options.${state}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="defaultTheme"
          render={({ field }) => (
            <TextField {...field} select fullWidth label={t("userModal.fields.defaultTheme")}>
              {THEMES.map((theme) => (
                <MenuItem key={theme} value={theme}>
                  {t(`userModal.options.${theme}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
    </Grid>
  );
}

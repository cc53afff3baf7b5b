import { Alert, Grid, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../../../components/mui-register";
import { MessageField, type TabProps, useHelperText } from "./form-fields";

/** Collective vacation (spec 2 section 3): a period (calendar days, both inclusive) and its message. */
export function VacationTab({ register, errors }: Omit<TabProps, "control">) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  const dateField = (name: "collectiveVacationStart" | "collectiveVacationEnd") => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        {...muiRegister(register(name))}
        type="date"
        label={t(`connectionModal.fields.${name}`)}
        fullWidth
        error={Boolean(errors[name])}
        helperText={helperText(name, errors[name]?.message, undefined)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Alert severity="info">{t("connectionModal.help.vacation")}</Alert>
      </Grid>
      {dateField("collectiveVacationStart")}
      {dateField("collectiveVacationEnd")}
      <Grid size={12}>
        <MessageField name="collectiveVacationMessage" register={register} errors={errors} />
      </Grid>
    </Grid>
  );
}

import {
  SCHEDULE_INTERVAL_VALUES,
  SCHEDULE_TIPO_DIAS_VALUES,
  type ScheduleIntervalo,
  type ScheduleTipoDias,
} from "@inbox/shared";
import { Stack, TextField } from "@mui/material";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../../../components/mui-register";

/** The recurrence as the form holds it: text of the inputs ("" for none). */
export interface RecurrenceFormValues {
  intervalo: string;
  valorIntervalo: string;
  enviarQuantasVezes: string;
  tipoDias: string;
}

interface RecurrenceFieldsProps {
  register: UseFormRegister<RecurrenceFormValues & { body: string; sendAt: string }>;
  errors: FieldErrors<RecurrenceFormValues>;
  /** The chosen intervalo ("" when the schedule is sent once): the other fields show only then. */
  intervalo: string;
  disabled?: boolean;
}

/**
 * Repeat a schedule (spec 3 section 5): every valorIntervalo days, weeks,
 * months or minutes, enviarQuantasVezes times in all, and what to do on a
 * Saturday or Sunday (tipoDias). The rules: packages/shared schedule-recurrence.ts.
 */
export function RecurrenceFields({ register, errors, intervalo, disabled }: RecurrenceFieldsProps) {
  const { t } = useTranslation();
  const select = { select: { native: true }, inputLabel: { shrink: true } };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t("schedules.recurrence.intervalo")}
        size="small"
        fullWidth
        disabled={disabled}
        slotProps={select}
        error={Boolean(errors.intervalo)}
        helperText={errors.intervalo?.message}
        {...muiRegister(register("intervalo"))}
      >
        <option value="">{t("schedules.recurrence.once")}</option>
        {SCHEDULE_INTERVAL_VALUES.map((value: ScheduleIntervalo) => (
          <option key={value} value={String(value)}>
            {t(`schedules.recurrence.intervals.i${value}`)}
          </option>
        ))}
      </TextField>
      {intervalo !== "" && (
        <>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t("schedules.recurrence.valorIntervalo")}
              type="number"
              size="small"
              fullWidth
              disabled={disabled}
              slotProps={{ htmlInput: { min: 1 }, inputLabel: { shrink: true } }}
              error={Boolean(errors.valorIntervalo)}
              helperText={errors.valorIntervalo?.message}
              {...muiRegister(register("valorIntervalo"))}
            />
            <TextField
              label={t("schedules.recurrence.enviarQuantasVezes")}
              type="number"
              size="small"
              fullWidth
              disabled={disabled}
              slotProps={{ htmlInput: { min: 1 }, inputLabel: { shrink: true } }}
              error={Boolean(errors.enviarQuantasVezes)}
              helperText={errors.enviarQuantasVezes?.message}
              {...muiRegister(register("enviarQuantasVezes"))}
            />
          </Stack>
          <TextField
            select
            label={t("schedules.recurrence.tipoDias")}
            size="small"
            fullWidth
            disabled={disabled}
            slotProps={select}
            error={Boolean(errors.tipoDias)}
            helperText={errors.tipoDias?.message}
            {...muiRegister(register("tipoDias"))}
          >
            {SCHEDULE_TIPO_DIAS_VALUES.map((value: ScheduleTipoDias) => (
              <option key={value} value={String(value)}>
                {t(`schedules.recurrence.tipoDiasOptions.t${value}`)}
              </option>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
}

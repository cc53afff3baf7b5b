import { Alert, Table, TableBody, TableCell, TableHead, TableRow, TextField } from "@mui/material";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../../../components/mui-register";
import type { TabProps } from "./form-fields";
import { fieldErrorText } from "./server-errors";

const TIMES = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"] as const;

/** Formats what is typed as HH:MM (digits only, the colon added), as the spec's time masks do. */
function maskTime(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * The connection's business hours (spec 2: shown when the company's
 * scheduleType is "connection"): seven weekdays, shifts A and B in HH:MM.
 */
export function SchedulesTab({ control, register, errors }: TabProps) {
  const { t } = useTranslation();
  const days = useWatch({ control, name: "schedules" });
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("connectionModal.help.schedules")}
      </Alert>
      <Table size="small" aria-label={t("connectionModal.tabs.schedules")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("connectionModal.schedules.weekday")}</TableCell>
            <TableCell colSpan={2}>{t("connectionModal.schedules.shiftA")}</TableCell>
            <TableCell colSpan={2}>{t("connectionModal.schedules.shiftB")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((day, index) => {
            const dayName = t(`connectionModal.schedules.weekdays.${day.weekdayEn}`);
            return (
              <TableRow key={day.weekdayEn}>
                <TableCell component="th" scope="row">
                  {dayName}
                </TableCell>
                {TIMES.map((time) => {
                  const registered = muiRegister(register(`schedules.${index}.${time}`));
                  const message = errors.schedules?.[index]?.[time]?.message;
                  return (
                    <TableCell key={time} sx={{ minWidth: 110 }}>
                      <TextField
                        {...registered}
                        onChange={(event) => {
                          event.target.value = maskTime(event.target.value);
                          return registered.onChange(event);
                        }}
                        size="small"
                        placeholder="HH:MM"
                        error={Boolean(message)}
                        helperText={fieldErrorText(message)}
                        slotProps={{
                          htmlInput: {
                            inputMode: "numeric",
                            maxLength: 5,
                            "aria-label": `${dayName}: ${t(`connectionModal.schedules.${time}`)}`,
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}

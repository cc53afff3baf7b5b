import { Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { type FieldErrors, messageText, type ScheduleDraft } from "./queue-form";

interface QueueScheduleTabProps {
  schedules: ScheduleDraft[];
  errors: FieldErrors;
  onChange: (schedules: ScheduleDraft[]) => void;
}

const SHIFT_FIELDS = [
  ["startTimeA", "endTimeA"],
  ["startTimeB", "endTimeB"],
] as const;

/** HH:MM as it is typed: digits only, the colon put in after the hours. */
function maskTime(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * The queue's business hours (spec 2: seven weekdays, shifts A and B, HH:MM
 * masks), shown when the company's scheduleType is "queue". An empty shift
 * means closed in that shift.
 */
export function QueueScheduleTab({ schedules, errors, onChange }: QueueScheduleTabProps) {
  const { t } = useTranslation();
  const set = (index: number, field: keyof ScheduleDraft, value: string) =>
    onChange(schedules.map((day, i) => (i === index ? { ...day, [field]: maskTime(value) } : day)));
  return (
    <Table size="small" aria-label={t("queues.modal.tabs.schedules")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("queues.modal.schedule.weekday")}</TableCell>
          <TableCell>{t("queues.modal.schedule.shiftA")}</TableCell>
          <TableCell>{t("queues.modal.schedule.shiftB")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedules.map((day, index) => {
          const dayName = t(`queues.modal.schedule.days.${day.weekdayEn}`);
          return (
            <TableRow key={day.weekdayEn}>
              <TableCell component="th" scope="row">
                {dayName}
              </TableCell>
              {SHIFT_FIELDS.map((pair) => (
                <TableCell key={pair[0]}>
                  <Stack direction="row" spacing={1}>
                    {pair.map((field) => {
                      const error = messageText(errors[`schedules.${index}.${field}`]);
                      const edge = field.startsWith("start") ? "start" : "end";
                      return (
                        <TextField
                          key={field}
                          size="small"
                          value={day[field]}
                          placeholder="HH:MM"
                          onChange={(event) => set(index, field, event.target.value)}
                          error={Boolean(error)}
                          helperText={error}
                          sx={{ width: 96 }}
                          slotProps={{
                            htmlInput: {
                              inputMode: "numeric",
                              "aria-label": t(`queues.modal.schedule.${edge}Label`, {
                                day: dayName,
                                shift: field.endsWith("A") ? "A" : "B",
                              }),
                            },
                          }}
                        />
                      );
                    })}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

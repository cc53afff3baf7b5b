import { SHIFTS, type ShiftTimeField, type WEEKDAYS_EN } from "@inbox/shared";
import { Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from "@mui/material";
import type { FocusEventHandler, Ref } from "react";
import { useTranslation } from "react-i18next";
import { maskTime } from "./mask-time";

type Weekday = (typeof WEEKDAYS_EN)[number];

/** One weekday as the editor shows it (`weekdayEn` one of WEEKDAYS_EN); a missing time is an empty one. */
export type ScheduleEditorDay = { weekdayEn: string } & Partial<Record<ShiftTimeField, string>>;

/** A form library's hold on one time input: its name, its element (focus on error) and its blur. */
export interface TimeInputBinding {
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

export interface ScheduleEditorProps {
  /** The table's accessible name: the title of the tab it is on. */
  label: string;
  days: readonly ScheduleEditorDay[];
  /** A time was typed: `value` is already masked as HH:MM. */
  onChange: (index: number, field: ShiftTimeField, value: string) => void;
  /** The message under a time, in the screen's own words; none when undefined. */
  errorOf?: (index: number, field: ShiftTimeField) => string | undefined;
  bindInput?: (index: number, field: ShiftTimeField) => TimeInputBinding;
}

/**
 * Business hours (spec 2 sections 3 to 5): one row per weekday, shifts A and
 * B, each a start and an end typed through an HH:MM mask; an empty shift is
 * closed. The company's, a queue's and a connection's hours are edited here;
 * each screen keeps its values, validates with its shared schema and says
 * its messages. Every time is a labelled text box in reading order, so Tab
 * walks the week day by day, shift A before shift B.
 */
export function ScheduleEditor({ label, days, onChange, errorOf, bindInput }: ScheduleEditorProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t("scheduleEditor.weekday")}</TableCell>
          <TableCell>{t("scheduleEditor.shiftA")}</TableCell>
          <TableCell>{t("scheduleEditor.shiftB")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day, index) => {
          const dayName = t(`scheduleEditor.days.${day.weekdayEn as Weekday}`);
          return (
            <TableRow key={day.weekdayEn}>
              <TableCell component="th" scope="row">
                {dayName}
              </TableCell>
              {SHIFTS.map((pair, shiftIndex) => {
                const shift = shiftIndex === 0 ? "A" : "B";
                return (
                  <TableCell key={shift}>
                    <Stack direction="row" spacing={1}>
                      {pair.map((field) => {
                        const error = errorOf?.(index, field);
                        const { inputRef, ...binding } = bindInput?.(index, field) ?? {};
                        return (
                          <TextField
                            key={field}
                            {...binding}
                            inputRef={inputRef}
                            size="small"
                            value={day[field] ?? ""}
                            placeholder="HH:MM"
                            onChange={(event) => onChange(index, field, maskTime(event.target.value))}
                            error={Boolean(error)}
                            helperText={error}
                            sx={{ width: 110 }}
                            slotProps={{
                              htmlInput: {
                                inputMode: "numeric",
                                maxLength: 5,
                                autoComplete: "off",
                                "aria-label": t(
                                  field.startsWith("start")
                                    ? "scheduleEditor.startLabel"
                                    : "scheduleEditor.endLabel",
                                  { day: dayName, shift },
                                ),
                              },
                            }}
                          />
                        );
                      })}
                    </Stack>
                  </TableCell>
                );
              })}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

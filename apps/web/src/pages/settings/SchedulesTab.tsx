import {
  COMPANY_SCHEDULE_MESSAGES,
  type CompanyScheduleDayDto,
  companySchedulesSchema,
  SHIFT_TIME_INVALID,
  type ShiftTimeField,
  WEEKDAY_NAMES_PT,
  WEEKDAYS_EN,
} from "@inbox/shared";
import { Alert, Box, Button, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanySchedules, useUpdateCompanySchedules } from "../../api/settings";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { LoadingState } from "../../components/LoadingState";
import { ScheduleEditor } from "../../components/schedules/ScheduleEditor";

type Day = CompanyScheduleDayDto;

/**
 * The week as the form edits it: the seven weekdays in order. Stored days
 * keep their hours and a day missing from a stored week is closed; a week
 * never saved starts from the spec's default hours (08:00-12:00, 13:00-18:00).
 */
export function weekOf(stored: readonly Day[]): Day[] {
  return WEEKDAYS_EN.map((weekdayEn) => {
    const found = stored.find((d) => d.weekdayEn === weekdayEn);
    const empty = { startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" };
    const defaults = { startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" };
    return {
      weekday: WEEKDAY_NAMES_PT[weekdayEn],
      weekdayEn,
      ...(stored.length === 0 ? defaults : empty),
      ...(found ? pickTimes(found) : {}),
    };
  });
}

function pickTimes(day: Day) {
  return {
    startTimeA: day.startTimeA ?? "",
    endTimeA: day.endTimeA ?? "",
    startTimeB: day.startTimeB ?? "",
    endTimeB: day.endTimeB ?? "",
  };
}

const ERROR_KEYS: Record<string, "invalidTime" | "shiftIncomplete" | "shiftOrder" | "duplicateDay"> = {
  [SHIFT_TIME_INVALID]: "invalidTime",
  [COMPANY_SCHEDULE_MESSAGES.shiftIncomplete]: "shiftIncomplete",
  [COMPANY_SCHEDULE_MESSAGES.shiftOrder]: "shiftOrder",
  [COMPANY_SCHEDULE_MESSAGES.duplicateDay]: "duplicateDay",
};

/**
 * Company business hours (spec 2 settings panel, schedules tab): seven
 * weekdays, shifts A and B with HH:MM masks, saved with the button
 * ('Horários atualizados com sucesso.'). Used when scheduleType is company.
 */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const company = useCompanySchedules(companyId);
  if (!company.data) return <LoadingState />;
  // A save here or in another tab (live event) gives the form the stored week.
  return (
    <SchedulesForm
      key={JSON.stringify(company.data.schedules)}
      companyId={companyId}
      stored={company.data.schedules}
    />
  );
}

function SchedulesForm({ companyId, stored }: { companyId: number; stored: Day[] }) {
  const { t } = useTranslation();
  const save = useUpdateCompanySchedules(companyId);
  const [week, setWeek] = useState<Day[]>(() => weekOf(stored));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (index: number, field: ShiftTimeField, value: string) => {
    setWeek((days) => days.map((day, i) => (i === index ? { ...day, [field]: value } : day)));
    setErrors((all) => {
      const { [`${index}.${field}`]: _dropped, ...rest } = all;
      return rest;
    });
  };

  const submit = async () => {
    const parsed = companySchedulesSchema.safeParse({ schedules: week });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const key = ERROR_KEYS[issue.message] ?? "invalidTime";
        found[`${String(index)}.${String(field)}`] = t(`settings.schedules.errors.${key}`);
      }
      setErrors(found);
      return;
    }
    try {
      await save.mutateAsync(parsed.data.schedules);
      toast.success(t("settings.schedules.saved"));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack spacing={2}>
      {stored.length === 0 && <Alert severity="info">{t("settings.schedules.neverSaved")}</Alert>}
      <ScheduleEditor
        label={t("settings.tabs.schedules")}
        days={week}
        errorOf={(index, field) => errors[`${index}.${field}`]}
        onChange={set}
      />
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t("common.save")}
        </Button>
      </Box>
    </Stack>
  );
}

import type { ShiftTimeField } from "@inbox/shared";
import { Alert } from "@mui/material";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../../../components/mui-register";
import { ScheduleEditor } from "../../../components/schedules/ScheduleEditor";
import type { TabProps } from "./form-fields";
import { fieldErrorText } from "./server-errors";

const path = (index: number, field: ShiftTimeField) => `schedules.${index}.${field}` as const;

/**
 * The connection's business hours (spec 2: shown when the company's
 * scheduleType is "connection"). The times stay registered with the dialog's
 * form, so its schema checks them and a failing one takes the focus.
 */
export function SchedulesTab({ control, register, errors }: TabProps) {
  const { t } = useTranslation();
  const days = useWatch({ control, name: "schedules" });
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("connectionModal.help.schedules")}
      </Alert>
      <ScheduleEditor
        label={t("connectionModal.tabs.schedules")}
        days={days}
        errorOf={(index, field) =>
          fieldErrorText(errors.schedules?.[index]?.[field]?.message, path(index, field))
        }
        onChange={(index, field, value) => {
          const name = path(index, field);
          void register(name).onChange({ target: { name, value }, type: "change" });
        }}
        bindInput={(index, field) => {
          const { name, inputRef, onBlur } = muiRegister(register(path(index, field)));
          return { name, inputRef, onBlur };
        }}
      />
    </>
  );
}

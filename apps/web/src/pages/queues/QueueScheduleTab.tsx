import { useTranslation } from "react-i18next";
import { ScheduleEditor } from "../../components/schedules/ScheduleEditor";
import { type FieldErrors, messageText, type ScheduleDraft } from "./queue-form";

interface QueueScheduleTabProps {
  schedules: ScheduleDraft[];
  errors: FieldErrors;
  onChange: (schedules: ScheduleDraft[]) => void;
}

/**
 * The queue's business hours, shown when the company's scheduleType is
 * "queue". An empty shift means closed in that shift; the dialog validates
 * them with the queue's shared schema.
 */
export function QueueScheduleTab({ schedules, errors, onChange }: QueueScheduleTabProps) {
  const { t } = useTranslation();
  return (
    <ScheduleEditor
      label={t("queues.modal.tabs.schedules")}
      days={schedules}
      errorOf={(index, field) => {
        const path = `schedules.${index}.${field}`;
        return messageText(errors[path], path);
      }}
      onChange={(index, field, value) =>
        onChange(schedules.map((day, i) => (i === index ? { ...day, [field]: value } : day)))
      }
    />
  );
}

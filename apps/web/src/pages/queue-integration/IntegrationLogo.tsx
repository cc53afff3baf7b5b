import type { QueueIntegrationType } from "@inbox/shared";
import { Avatar } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Each type's mark: its initials on its colour (no third-party logos are shipped). */
const MARKS: Record<QueueIntegrationType, { text: string; color: string }> = {
  dialogflow: { text: "DF", color: "#FF9800" },
  n8n: { text: "n8n", color: "#EA4B71" },
  typebot: { text: "TB", color: "#0042DA" },
  webhook: { text: "WH", color: "#455A64" },
  gemini: { text: "G", color: "#1A73E8" },
  flowbuilder: { text: "FB", color: "#2E7D32" },
};

export function IntegrationLogo({ type }: { type: QueueIntegrationType }) {
  const { t } = useTranslation();
  const mark = MARKS[type];
  return (
    <Avatar
      role="img"
      aria-label={t(`integrations.types.${type}`)}
      sx={{ bgcolor: mark.color, width: 32, height: 32, fontSize: 12, fontWeight: 700 }}
    >
      {mark.text}
    </Avatar>
  );
}

import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDate } from "../format-date";

interface GreetingProps {
  name: string;
  /** Only passed for admins (spec 1 section 6). */
  dueDate?: string | null;
}

export function Greeting({ name, dueDate }: GreetingProps) {
  const { t } = useTranslation();
  const due = formatDate(dueDate);
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="p" noWrap>
        {t("shell.greeting", { name })}
      </Typography>
      {due && (
        <Typography variant="caption" component="p" noWrap sx={{ opacity: 0.8 }}>
          {t("shell.dueDate", { date: due })}
        </Typography>
      )}
    </Box>
  );
}

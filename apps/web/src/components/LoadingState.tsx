import { Box, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";

interface LoadingStateProps {
  fullScreen?: boolean;
}

export function LoadingState({ fullScreen = false }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 4,
        minHeight: fullScreen ? "100vh" : 160,
      }}
    >
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}

import type { WhitelabelLogoMode } from "@inbox/shared";
import ImageIcon from "@mui/icons-material/Image";
import UploadIcon from "@mui/icons-material/Upload";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** What the file picker offers; the server judges the bytes anyway (never SVG). */
const ACCEPT: Record<WhitelabelLogoMode, string> = {
  light: "image/png,image/jpeg,image/webp",
  dark: "image/png,image/jpeg,image/webp",
  favicon: "image/png,image/x-icon,.ico",
};

interface LogoUploadProps {
  mode: WhitelabelLogoMode;
  /** The current image's address, or null. */
  src: string | null;
  busy: boolean;
  onUpload: (file: File) => void;
}

/** One whitelabel image: its preview (on the background it is shown against) and an upload button. */
export function LogoUpload({ mode, src, busy, onUpload }: LogoUploadProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const label = t(`whitelabel.logos.${mode}`);
  const inputId = `whitelabel-upload-${mode}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box
        sx={{
          height: 96,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          borderRadius: 1,
          bgcolor: mode === "dark" ? "grey.900" : "grey.100",
          color: mode === "dark" ? "grey.400" : "text.secondary",
        }}
      >
        {src && src !== broken ? (
          <Box
            component="img"
            src={src}
            alt={t("whitelabel.previewOf", { name: label })}
            onError={() => setBroken(src)}
            sx={{ maxWidth: "90%", maxHeight: mode === "favicon" ? 48 : 80, objectFit: "contain" }}
          />
        ) : (
          <Stack sx={{ alignItems: "center" }}>
            <ImageIcon />
            <Typography variant="caption">{t("whitelabel.noImage")}</Typography>
          </Stack>
        )}
      </Box>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<UploadIcon />}
        disabled={busy}
      >
        {t("whitelabel.upload")}
        <input
          id={inputId}
          type="file"
          hidden
          accept={ACCEPT[mode]}
          aria-label={t("whitelabel.uploadOf", { name: label })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onUpload(file);
          }}
        />
      </Button>
      <Typography variant="caption" color="text.secondary">
        {t(mode === "favicon" ? "whitelabel.faviconTypes" : "whitelabel.logoTypes")}
      </Typography>
    </Paper>
  );
}

import AutorenewIcon from "@mui/icons-material/Autorenew";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateConnection } from "../../../api/connections";
import { queryKeys } from "../../../api/query-keys";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { CopyableField } from "../../../components/CopyableField";

/** Spec 2: a connection's messages-API token is 30 random alphanumeric characters. */
export const API_TOKEN_LENGTH = 30;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** The largest multiple of the alphabet's size under 256: bytes above it are drawn again (no bias). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** A new messages-API token from the browser's cryptographic generator. */
export function generateApiToken(length = API_TOKEN_LENGTH): string {
  let token = "";
  while (token.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED_LIMIT && token.length < length) token += ALPHABET[byte % ALPHABET.length];
    }
  }
  return token;
}

interface ApiTokenFieldProps {
  connectionId: number;
  /** The token as the server answers it to those who manage connections. */
  token: string;
}

/**
 * The connection's messages-API token (spec 3 section 7, POST /api/messages/send) in the connection
 * dialog: read-only with a copy button, and a new one after a confirmation, saved at once with
 * PUT /whatsapp/{id} { token } (apart from the dialog's form, which does not carry the token).
 */
export function ApiTokenField({ connectionId, token }: ApiTokenFieldProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateConnection();
  const [confirming, setConfirming] = useState(false);

  const regenerate = async () => {
    try {
      const saved = await update.mutateAsync({ id: connectionId, body: { token: generateApiToken() } });
      queryClient.setQueryData(queryKeys.connections.detail(connectionId), saved);
      toast.success(t("connectionModal.apiToken.regenerated"));
    } catch (error) {
      toastError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <CopyableField label={t("connectionModal.apiToken.label")} value={token} />
        <Button
          startIcon={<AutorenewIcon />}
          onClick={() => setConfirming(true)}
          disabled={update.isPending}
          sx={{ flexShrink: 0 }}
        >
          {t("connectionModal.apiToken.regenerate")}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t("connectionModal.apiToken.help")}
      </Typography>
      <ConfirmDialog
        open={confirming}
        title={t("connectionModal.apiToken.confirmTitle")}
        message={t("connectionModal.apiToken.confirmMessage")}
        confirmLabel={t("connectionModal.apiToken.confirm")}
        busy={update.isPending}
        onConfirm={() => void regenerate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

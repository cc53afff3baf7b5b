import type { CampaignDto } from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { Button, Stack, Typography } from "@mui/material";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCampaignMedia } from "../../api/campaigns";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";

interface CampaignMediaFieldProps {
  /** The saved campaign (a file is attached to a saved one), or null before the first save. */
  campaign: CampaignDto | null;
  editable: boolean;
  onChanged: (campaign: CampaignDto) => void;
}

/** The campaign's attachment (POST/DELETE /campaigns/{id}/media-upload): its name, attach, remove. */
export function CampaignMediaField({ campaign, editable, onChanged }: CampaignMediaFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const media = useCampaignMedia();
  const change = async (file: File | null) => {
    if (!campaign) return;
    try {
      onChanged(await media.mutateAsync({ id: campaign.id, file }));
      toast.success(t("campaigns.dialog.mediaSaved"));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Typography variant="body2">
        {t("campaigns.dialog.media")}: {campaign?.mediaName ?? t("campaigns.dialog.noMedia")}
      </Typography>
      {!campaign && (
        <Typography variant="caption" color="text.secondary">
          {t("campaigns.dialog.mediaAfterSave")}
        </Typography>
      )}
      {campaign && editable && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="campaign-media-input"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = "";
              if (file) void change(file);
            }}
          />
          <Button
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={media.isPending}
            onClick={() => input.current?.click()}
          >
            {t("campaigns.dialog.attach")}
          </Button>
          {campaign.mediaName && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              disabled={media.isPending}
              onClick={() => void change(null)}
            >
              {t("campaigns.dialog.removeMedia")}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

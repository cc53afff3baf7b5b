import { type HelpDto, helpEmbedUrl } from "@inbox/shared";
import CloseIcon from "@mui/icons-material/Close";
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * The player modal (spec 2 section 2): YouTube's no-cookie embed of the help's
 * video; Escape, the close button or a click outside closes it. The frame
 * sends the app's origin as referrer (YouTube's player refuses to play
 * without one; the app's own policy is no-referrer).
 */
export function HelpVideoDialog({ help, onClose }: { help: HelpDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={help !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="help-video-title">
      {help && (
        <>
          <DialogTitle id="help-video-title" sx={{ pr: 6 }}>
            {help.title}
            <IconButton
              aria-label={t("helps.close")}
              onClick={onClose}
              sx={{ position: "absolute", right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Box sx={{ position: "relative", pt: "56.25%", bgcolor: "common.black" }}>
              <Box
                component="iframe"
                src={`${helpEmbedUrl(help.video)}?autoplay=1&rel=0`}
                title={help.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
              />
            </Box>
            {help.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: "pre-line" }}>
                {help.description}
              </Typography>
            )}
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

import type { MessageDto } from "@inbox/shared";
import CampaignIcon from "@mui/icons-material/Campaign";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import HistoryToggleOffIcon from "@mui/icons-material/HistoryToggleOff";
import PlaceIcon from "@mui/icons-material/Place";
import ShoppingBagIcon from "@mui/icons-material/ShoppingBag";
import { Box, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Only http(s) links from a payload become links. */
const safeUrl = (url: string | null | undefined): string | undefined =>
  url && /^https?:\/\//i.test(url) ? url : undefined;

function Line({ icon, children, label }: { icon?: ReactNode; children: ReactNode; label: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      alignItems="flex-start"
      aria-label={label}
      sx={{ py: 0.25, opacity: 0.9 }}
    >
      {icon}
      <Box sx={{ minWidth: 0, overflowWrap: "anywhere" }}>{children}</Box>
    </Stack>
  );
}

/**
 * What the channel said a message was, beyond its body (issue 8 section 7):
 * an unsupported type, a catalogue product, the ad it came from, a story
 * mention or reply, media that expired or disappears, a location.
 */
export function MessageDetails({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const d = message.details;
  if (!d) return null;
  const small = { fontSize: "small" } as const;
  return (
    <>
      {d.unsupported && (
        <Line icon={<HelpOutlineIcon {...small} />} label={t("ticketTools.bubble.details.unsupported")}>
          <Typography variant="body2" sx={{ fontStyle: "italic" }}>
            {d.unsupported.type
              ? t("ticketTools.bubble.details.unsupportedType", { type: d.unsupported.type })
              : t("ticketTools.bubble.details.unsupported")}
          </Typography>
          {(d.unsupported.code !== null || d.unsupported.title) && (
            <Typography variant="caption" sx={{ display: "block", opacity: 0.8 }}>
              {t("ticketTools.bubble.details.providerError", {
                code: d.unsupported.code ?? "",
                title: d.unsupported.title ?? "",
              })}
            </Typography>
          )}
        </Line>
      )}
      {d.story && (
        <Typography variant="caption" sx={{ display: "block", fontWeight: 600 }}>
          {d.story.kind === "mention"
            ? t("ticketTools.bubble.details.storyMention")
            : t("ticketTools.bubble.details.storyReply")}
        </Typography>
      )}
      {d.mediaGone && (
        <Line
          icon={<HistoryToggleOffIcon {...small} />}
          label={t(`ticketTools.bubble.details.${d.mediaGone}`)}
        >
          <Typography variant="body2" sx={{ fontStyle: "italic" }}>
            {t(`ticketTools.bubble.details.${d.mediaGone}`)}
          </Typography>
        </Line>
      )}
      {d.product && (
        <Line icon={<ShoppingBagIcon {...small} />} label={t("ticketTools.bubble.details.product")}>
          <Typography variant="caption" sx={{ display: "block", fontWeight: 600 }}>
            {t("ticketTools.bubble.details.product")}
          </Typography>
          <Typography variant="caption" sx={{ display: "block" }}>
            {t("ticketTools.bubble.details.productId", {
              product: d.product.productRetailerId,
              catalog: d.product.catalogId,
            })}
          </Typography>
        </Line>
      )}
      {d.referral && <Referral referral={d.referral} />}
      {d.location && (
        <Line icon={<PlaceIcon {...small} />} label={t("ticketTools.bubble.details.location")}>
          {d.location.name && (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {d.location.name}
            </Typography>
          )}
          {d.location.address && <Typography variant="body2">{d.location.address}</Typography>}
          <Typography variant="caption" sx={{ display: "block" }}>
            {d.location.latitude}, {d.location.longitude}
          </Typography>
          <Link
            href={d.location.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            color="inherit"
          >
            {t("ticketTools.bubble.details.openMap")}
          </Link>
        </Line>
      )}
    </>
  );
}

function Referral({ referral }: { referral: NonNullable<NonNullable<MessageDto["details"]>["referral"]> }) {
  const { t } = useTranslation();
  const link = safeUrl(referral.sourceUrl);
  const image = safeUrl(referral.imageUrl ?? referral.thumbnailUrl);
  const label =
    referral.sourceType === "post"
      ? t("ticketTools.bubble.details.referralPost")
      : t("ticketTools.bubble.details.referralAd");
  return (
    <Box
      aria-label={label}
      sx={{ borderLeft: 3, borderColor: "secondary.main", bgcolor: "action.hover", px: 1, py: 0.5, mb: 0.5 }}
    >
      <Stack direction="row" spacing={0.75} alignItems="center">
        <CampaignIcon fontSize="small" />
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </Stack>
      {image && (
        <Box
          component="img"
          src={image}
          alt=""
          referrerPolicy="no-referrer"
          sx={{ display: "block", maxWidth: 200, maxHeight: 120, borderRadius: 1, my: 0.5 }}
        />
      )}
      {referral.headline && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {referral.headline}
        </Typography>
      )}
      {referral.body && <Typography variant="caption">{referral.body}</Typography>}
      {link && (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          variant="caption"
          color="inherit"
          sx={{ display: "block" }}
        >
          {t("ticketTools.bubble.details.openReferral")}
        </Link>
      )}
    </Box>
  );
}

import type { Channel } from "@inbox/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import CloudIcon from "@mui/icons-material/Cloud";
import FacebookIcon from "@mui/icons-material/Facebook";
import InstagramIcon from "@mui/icons-material/Instagram";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import { Badge, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { isChannel } from "../api/connections";

const ICONS: Record<Channel, { icon: SvgIconComponent; color: string }> = {
  whatsapp: { icon: WhatsAppIcon, color: "#25D366" },
  whatsappapi: { icon: WhatsAppIcon, color: "#128C7E" },
  facebook: { icon: FacebookIcon, color: "#1877F2" },
  instagram: { icon: InstagramIcon, color: "#E1306C" },
};

interface ChannelIconProps {
  channel: string;
  /** Next to the channel's name already: no tooltip, hidden from assistive technology. */
  decorative?: boolean;
}

/** The channel's logo with its name as tooltip and accessible name; the Cloud API carries a cloud mark. */
export function ChannelIcon({ channel, decorative = false }: ChannelIconProps) {
  const { t } = useTranslation();
  const known = isChannel(channel) ? channel : "whatsapp";
  const { icon: Icon, color } = ICONS[known];
  const label = isChannel(channel) ? t(`connections.channels.${channel}`) : channel;
  if (decorative) return <Icon aria-hidden sx={{ color }} />;
  const icon = <Icon role="img" aria-label={label} aria-hidden={false} sx={{ color }} />;
  return (
    <Tooltip title={label}>
      {known === "whatsappapi" ? (
        <Badge
          overlap="circular"
          anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
          badgeContent={<CloudIcon sx={{ fontSize: 12, color: "text.secondary" }} aria-hidden />}
        >
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </Tooltip>
  );
}

import type { FlowNodeType } from "@inbox/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutline";
import ConfirmationNumberIcon from "@mui/icons-material/ConfirmationNumber";
import DynamicFeedIcon from "@mui/icons-material/DynamicFeed";
import ImageIcon from "@mui/icons-material/Image";
import ListIcon from "@mui/icons-material/List";
import MicIcon from "@mui/icons-material/Mic";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import RuleIcon from "@mui/icons-material/Rule";
import ShuffleIcon from "@mui/icons-material/Shuffle";
import VideocamIcon from "@mui/icons-material/Videocam";
import WebhookIcon from "@mui/icons-material/Webhook";

/** Each node type's colour and icon, on the canvas and in the speed-dial. */
export const NODE_STYLE: Record<FlowNodeType, { color: string; icon: SvgIconComponent }> = {
  start: { color: "#2e7d32", icon: PlayArrowIcon },
  message: { color: "#1565c0", icon: ChatBubbleOutlineIcon },
  interval: { color: "#6d4c41", icon: AccessTimeIcon },
  condition: { color: "#5e35b1", icon: RuleIcon },
  menu: { color: "#00838f", icon: ListIcon },
  img: { color: "#ad1457", icon: ImageIcon },
  audio: { color: "#c62828", icon: MicIcon },
  video: { color: "#4527a0", icon: VideocamIcon },
  randomizer: { color: "#ef6c00", icon: ShuffleIcon },
  singleBlock: { color: "#1565c0", icon: DynamicFeedIcon },
  ticket: { color: "#37474f", icon: ConfirmationNumberIcon },
  integration: { color: "#283593", icon: WebhookIcon },
};

/**
 * The speed-dial's entries: the spec's seven in its order (spec 3 section 2), then Mensagem and
 * Condição. The spec's list has no way to add a message or a condition node, though both are node
 * types with their editors (spec 3 sections 3 and 4) and the runtime walks them; without these two
 * entries a condition could never be drawn.
 */
export const SPEED_DIAL_TYPES: FlowNodeType[] = [
  "start",
  "singleBlock",
  "menu",
  "randomizer",
  "interval",
  "ticket",
  "integration",
  "message",
  "condition",
];

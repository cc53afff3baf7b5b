import type { FlowNodeType } from "@inbox/shared";
import { ConditionDialog } from "./ConditionDialog";
import { ContentDialog } from "./ContentDialog";
import { IntegrationDialog } from "./IntegrationDialog";
import { IntervalDialog } from "./IntervalDialog";
import { MediaDialog } from "./MediaDialog";
import { MenuDialog } from "./MenuDialog";
import { MessageDialog } from "./MessageDialog";
import type { NodeDialogProps } from "./NodeDialogFrame";
import { RandomizerDialog } from "./RandomizerDialog";
import { TicketDialog } from "./TicketDialog";

/** The editor of a node type, in create or edit mode; the start node has none. */
export function NodeDialog({ type, ...props }: NodeDialogProps & { type: FlowNodeType }) {
  switch (type) {
    case "message":
      return <MessageDialog {...props} />;
    case "interval":
      return <IntervalDialog {...props} />;
    case "condition":
      return <ConditionDialog {...props} />;
    case "menu":
      return <MenuDialog {...props} />;
    case "img":
    case "audio":
    case "video":
      return <MediaDialog type={type} {...props} />;
    case "randomizer":
      return <RandomizerDialog {...props} />;
    case "singleBlock":
      return <ContentDialog {...props} />;
    case "ticket":
      return <TicketDialog {...props} />;
    case "integration":
      return <IntegrationDialog {...props} />;
    default:
      return null;
  }
}

import type { NodeTypes } from "@xyflow/react";
import { ConditionNode } from "./ConditionNode";
import { ContentNode } from "./ContentNode";
import { IntegrationNode } from "./IntegrationNode";
import { IntervalNode } from "./IntervalNode";
import { MediaNode } from "./MediaNode";
import { MenuNode } from "./MenuNode";
import { MessageNode } from "./MessageNode";
import { RandomizerNode } from "./RandomizerNode";
import { StartNode } from "./StartNode";
import { TicketNode } from "./TicketNode";

/** Every node type of spec 3 section 3, as the canvas draws it. */
export const NODE_TYPES: NodeTypes = {
  start: StartNode,
  message: MessageNode,
  interval: IntervalNode,
  condition: ConditionNode,
  menu: MenuNode,
  img: MediaNode,
  audio: MediaNode,
  video: MediaNode,
  randomizer: RandomizerNode,
  singleBlock: ContentNode,
  ticket: TicketNode,
  integration: IntegrationNode,
};

import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** Moves the conversation to a queue (data.queue), and to a user when set. */
export function TicketNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const queue = data.queue as { id: number; name?: string } | null | undefined;
  const userName = typeof data.userName === "string" ? data.userName : "";
  return (
    <NodeShell id={id} type="ticket" selected={selected}>
      <NodeText>
        {queue ? t("flowbuilder.ticket.queueLabel", { name: queue.name ?? `#${queue.id}` }) : "—"}
      </NodeText>
      {userName && <NodeText>{t("flowbuilder.ticket.userLabel", { name: userName })}</NodeText>}
    </NodeShell>
  );
}

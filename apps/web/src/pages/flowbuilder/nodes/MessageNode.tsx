import type { NodeProps } from "@xyflow/react";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** A text sent to the contact (data.label). */
export function MessageNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeShell id={id} type="message" selected={selected}>
      <NodeText>{String(data.label ?? "")}</NodeText>
    </NodeShell>
  );
}

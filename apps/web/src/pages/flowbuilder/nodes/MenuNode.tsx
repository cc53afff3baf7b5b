import { menuOptionHandle } from "@inbox/shared";
import type { NodeProps } from "@xyflow/react";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

interface MenuOption {
  number: number;
  value: string;
}

/** A message and numbered options; one way out per option ("a{number}"). */
export function MenuNode({ id, data, selected }: NodeProps<EditorNode>) {
  const options = (data.arrayOption ?? []) as MenuOption[];
  return (
    <NodeShell
      id={id}
      type="menu"
      selected={selected}
      outputs={options.map((option) => ({
        id: menuOptionHandle(option.number),
        label: `[${option.number}] ${option.value}`,
      }))}
    >
      <NodeText>{String(data.message ?? "")}</NodeText>
    </NodeShell>
  );
}

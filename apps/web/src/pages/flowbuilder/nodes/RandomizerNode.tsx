import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell } from "../NodeShell";

/** Splits contacts at random: out by "a" with data.percent % chance, by "b" otherwise. */
export function RandomizerNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const percent = Number(data.percent ?? 50);
  return (
    <NodeShell
      id={id}
      type="randomizer"
      selected={selected}
      outputs={[
        { id: "a", label: `A · ${t("flowbuilder.handles.chance", { percent })}` },
        { id: "b", label: `B · ${t("flowbuilder.handles.rest", { percent: 100 - percent })}` },
      ]}
    />
  );
}

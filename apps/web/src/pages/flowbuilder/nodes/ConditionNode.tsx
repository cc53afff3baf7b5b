import { FLOW_CONDITION_OPERATORS, type FlowConditionOperator } from "@inbox/shared";
import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** Compares a contact field with a value (spec 3 section 4): out by "a" when it holds, "b" otherwise. */
export function ConditionNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const operator = FLOW_CONDITION_OPERATORS[Number(data.condition ?? 1) as FlowConditionOperator] ?? "=";
  return (
    <NodeShell
      id={id}
      type="condition"
      selected={selected}
      outputs={[
        { id: "a", label: t("flowbuilder.handles.yes") },
        { id: "b", label: t("flowbuilder.handles.no") },
      ]}
    >
      <NodeText>
        {String(data.key ?? "")} {operator} {String(data.value ?? "")}
      </NodeText>
    </NodeShell>
  );
}

import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** Where every contact enters the flow: no way in, one way out, not deletable. */
export function StartNode({ id, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  return (
    <NodeShell id={id} type="start" selected={selected} noInput actions={false}>
      <NodeText>{t("flowbuilder.start.hint")}</NodeText>
    </NodeShell>
  );
}

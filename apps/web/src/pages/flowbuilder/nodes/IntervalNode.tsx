import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** A pause of data.sec seconds (1 to 120). */
export function IntervalNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  return (
    <NodeShell id={id} type="interval" selected={selected}>
      <NodeText>
        {t("flowbuilder.fields.seconds")}: {String(data.sec ?? 0)}
      </NodeText>
    </NodeShell>
  );
}

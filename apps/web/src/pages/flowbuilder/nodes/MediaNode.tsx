import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import { flowMediaUrl } from "../../../api/flows";
import { useFlowEditorActions } from "../editor-context";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/** A picture, audio or video node (data.url: the stored name), with a preview. */
export function MediaNode({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const { companyId } = useFlowEditorActions();
  const name = String(data.url ?? "");
  const src = name ? flowMediaUrl(companyId, name) : "";
  const kind = type === "img" || type === "audio" || type === "video" ? type : "img";
  return (
    <NodeShell id={id} type={kind} selected={selected}>
      {!src && <NodeText>{t("flowbuilder.content.noFile")}</NodeText>}
      {src && kind === "img" && (
        <img
          src={src}
          alt={t("flowbuilder.types.img")}
          style={{ maxWidth: "100%", maxHeight: 140, borderRadius: 4 }}
        />
      )}
      {src && kind === "audio" && (
        // biome-ignore lint/a11y/useMediaCaption: a contact's voice note has no captions
        <audio src={src} controls style={{ width: "100%" }} className="nodrag" />
      )}
      {src && kind === "video" && (
        // biome-ignore lint/a11y/useMediaCaption: uploaded clips have no captions
        <video src={src} controls style={{ width: "100%", maxHeight: 160 }} className="nodrag" />
      )}
    </NodeShell>
  );
}

import { contentItems } from "@inbox/shared";
import { Stack, Typography } from "@mui/material";
import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import { flowMediaUrl } from "../../../api/flows";
import { useFlowEditorActions } from "../editor-context";
import type { EditorNode } from "../flow-model";
import { NodeShell } from "../NodeShell";
import { NODE_STYLE } from "../node-style";

const KIND_STYLE = {
  message: "message",
  interval: "interval",
  img: "img",
  audio: "audio",
  video: "video",
  pdf: "singleBlock",
} as const;

/** The content card (singleBlock): texts, intervals and files sent in order (data.seq). */
export function ContentNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const { companyId } = useFlowEditorActions();
  const items = contentItems(data as Parameters<typeof contentItems>[0]);
  return (
    <NodeShell id={id} type="singleBlock" selected={selected}>
      <Stack spacing={0.5}>
        {items.map((item) => {
          const Icon = NODE_STYLE[KIND_STYLE[item.kind]].icon;
          const label =
            item.kind === "message"
              ? item.value
              : item.kind === "interval"
                ? `${t("flowbuilder.types.interval")}: ${item.value}s`
                : item.original || item.value || t("flowbuilder.content.noFile");
          return (
            <Stack key={item.number} direction="row" spacing={1} alignItems="center">
              <Icon fontSize="inherit" aria-label={t(`flowbuilder.types.${item.kind}`)} />
              <Typography variant="body2" noWrap sx={{ flex: 1 }}>
                {label}
              </Typography>
              {item.kind === "img" && item.value && (
                <img
                  src={flowMediaUrl(companyId, item.value)}
                  alt=""
                  style={{ width: 32, height: 32, objectFit: "cover", borderRadius: 4 }}
                />
              )}
            </Stack>
          );
        })}
        {items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("flowbuilder.content.empty")}
          </Typography>
        )}
      </Stack>
    </NodeShell>
  );
}

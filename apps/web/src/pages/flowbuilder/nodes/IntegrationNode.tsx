import { Typography } from "@mui/material";
import type { NodeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../flow-model";
import { NodeShell, NodeText } from "../NodeShell";

/**
 * Hands the conversation to an integration (spec 3 section 2): name, type and description, with
 * the defaults 'Integração', 'webhook', 'Enviar mensagens para sistema externo', and the webhook URL.
 */
export function IntegrationNode({ id, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const name = String(data.name || t("flowbuilder.integration.defaultName"));
  const type = String(data.type || "webhook");
  const description = String(data.description || t("flowbuilder.integration.defaultDescription"));
  const url = typeof data.webhookUrl === "string" ? data.webhookUrl : "";
  return (
    <NodeShell id={id} type="integration" selected={selected}>
      <NodeText>
        <strong>{name}</strong> · {type}
      </NodeText>
      <Typography variant="caption" color="text.secondary" component="div">
        {description}
      </Typography>
      {url && (
        <Typography variant="caption" component="div" noWrap title={url}>
          {url}
        </Typography>
      )}
    </NodeShell>
  );
}

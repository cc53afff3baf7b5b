import type { FlowNodeType } from "@inbox/shared";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFlowEditorActions } from "./editor-context";
import { NODE_STYLE } from "./node-style";

export interface OutputHandle {
  id: string;
  label: string;
}

interface NodeShellProps {
  id: string;
  type: FlowNodeType;
  selected?: boolean;
  children?: ReactNode;
  /** Labelled ways out (condition, randomizer, menu); otherwise one unnamed output. */
  outputs?: OutputHandle[];
  /** The start node has no way in. */
  noInput?: boolean;
  /** Duplicate and delete icons (spec 3 section 2: message-like nodes). */
  actions?: boolean;
}

/** A node's frame: coloured title with its icon, actions, the body, and its handles. */
export function NodeShell({
  id,
  type,
  selected,
  children,
  outputs,
  noInput,
  actions = true,
}: NodeShellProps) {
  const { t } = useTranslation();
  const { edit, duplicate, remove } = useFlowEditorActions();
  const style = NODE_STYLE[type];
  const Icon = style.icon;
  const title = t(`flowbuilder.types.${type}`);
  return (
    <Paper
      elevation={selected ? 6 : 1}
      sx={{
        width: 260,
        borderRadius: 2,
        border: 2,
        borderColor: selected ? style.color : "divider",
        overflow: "visible",
        position: "relative",
      }}
      data-testid={`flow-node-${type}`}
    >
      {!noInput && <Handle type="target" position={Position.Left} style={{ width: 12, height: 12 }} />}
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{ px: 1.5, py: 0.75, bgcolor: style.color, color: "#fff", borderRadius: "6px 6px 0 0" }}
      >
        <Icon fontSize="small" aria-hidden />
        <Typography variant="subtitle2" sx={{ flex: 1 }} noWrap>
          {title}
        </Typography>
        {actions && (
          <>
            {/* Double-click opens the editor too; the button is the keyboard's way in. */}
            <Tooltip title={t("flowbuilder.edit")}>
              <IconButton
                size="small"
                sx={{ color: "inherit" }}
                aria-label={`${t("flowbuilder.edit")} ${title}`}
                onClick={() => edit(id)}
                className="nodrag"
              >
                <EditOutlinedIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("flowbuilder.duplicate")}>
              <IconButton
                size="small"
                sx={{ color: "inherit" }}
                aria-label={`${t("flowbuilder.duplicate")} ${title}`}
                onClick={() => duplicate(id)}
                className="nodrag"
              >
                <ContentCopyIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("flowbuilder.remove")}>
              <IconButton
                size="small"
                sx={{ color: "inherit" }}
                aria-label={`${t("flowbuilder.remove")} ${title}`}
                onClick={() => remove(id)}
                className="nodrag"
              >
                <DeleteOutlineIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Box sx={{ px: 1.5, py: 1, fontSize: 13 }}>{children}</Box>
      {outputs ? (
        <Stack spacing={0.5} sx={{ pb: 1 }}>
          {outputs.map((output) => (
            <Box key={output.id} sx={{ position: "relative", textAlign: "right", pr: 2, fontSize: 12 }}>
              <Typography variant="caption" color="text.secondary">
                {output.label}
              </Typography>
              <Handle
                type="source"
                id={output.id}
                position={Position.Right}
                style={{ width: 12, height: 12, background: style.color }}
              />
            </Box>
          ))}
        </Stack>
      ) : (
        <Handle
          type="source"
          position={Position.Right}
          style={{ width: 12, height: 12, background: style.color }}
        />
      )}
    </Paper>
  );
}

/** A line of a node's summary, cut to a few lines. */
export function NodeText({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      sx={{
        whiteSpace: "pre-wrap",
        wordBreak: "break-word",
        display: "-webkit-box",
        WebkitLineClamp: 4,
        WebkitBoxOrient: "vertical",
        overflow: "hidden",
      }}
    >
      {children}
    </Typography>
  );
}

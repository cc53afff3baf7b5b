import type { FlowNodeType, FlowProblem } from "@inbox/shared";
import { Alert, AlertTitle, Link, List, ListItem } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "./flow-model";

interface FlowProblemsProps {
  problems: FlowProblem[];
  nodes: EditorNode[];
  onFocus(id: string): void;
  onClose(): void;
}

/** The graph's problems after Salvar: errors (the save refused) then warnings; a node's problem shows it. */
export function FlowProblems({ problems, nodes, onFocus, onClose }: FlowProblemsProps) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const keyOf = (p: FlowProblem) => `${p.code}|${p.nodeId ?? ""}|${p.message}`;
  // The same problem twice (two edges to nowhere from one node) is listed once.
  const shown = [...new Map(problems.map((p) => [keyOf(p), p])).values()];
  const errors = problems.some((p) => p.severity === "error");
  const index = new Map(nodes.map((node, i) => [node.id, { node, i }]));
  const nameOf = (id: string | undefined) => {
    const found = id ? index.get(id) : undefined;
    if (!found) return t("flowbuilder.check.graph");
    return `${t(`flowbuilder.types.${found.node.type as FlowNodeType}`)} #${found.i + 1}`;
  };
  const text = (p: FlowProblem) =>
    t(`flowbuilder.check.${p.code}` as "flowbuilder.check.noStart", { defaultValue: p.message });
  return (
    <Alert
      severity={errors ? "error" : "warning"}
      onClose={onClose}
      sx={{ maxHeight: 180, overflow: "auto" }}
    >
      <AlertTitle>{t(errors ? "flowbuilder.check.title" : "flowbuilder.check.warnings")}</AlertTitle>
      <List dense disablePadding>
        {shown.map((p) => (
          <ListItem key={keyOf(p)} disableGutters sx={{ py: 0 }}>
            {p.nodeId && index.has(p.nodeId) ? (
              <Link
                component="button"
                type="button"
                onClick={() => onFocus(p.nodeId as string)}
                aria-label={t("flowbuilder.check.focus", { node: nameOf(p.nodeId) })}
                sx={{ textAlign: "left" }}
              >
                {nameOf(p.nodeId)}: {p.code === "emptyMessage" && p.message ? p.message : text(p)}
              </Link>
            ) : (
              <span>
                {nameOf(p.nodeId)}: {text(p)}
              </span>
            )}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

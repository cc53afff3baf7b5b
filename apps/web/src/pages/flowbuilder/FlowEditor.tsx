import type { FlowNodeType, FlowProblem, FlowWithGraph } from "@inbox/shared";
import SaveIcon from "@mui/icons-material/Save";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import {
  type AriaLabelConfig,
  addEdge,
  Background,
  type Connection,
  Controls,
  MiniMap,
  ReactFlow,
  useEdgesState,
  useNodesState,
  useReactFlow,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { useSaveFlowGraph } from "../../api/flows";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { NodeDialog } from "./dialogs/NodeDialog";
import { type FlowEditorActions, FlowEditorContext } from "./editor-context";
import { FlowProblems } from "./FlowProblems";
import { FlowSpeedDial } from "./FlowSpeedDial";
import { FlowTestPanel } from "./FlowTestPanel";
import {
  checkGraph,
  duplicateNode,
  type EditorEdge,
  type EditorNode,
  fromGraph,
  makeNode,
  pruneEdges,
  removeNode,
  toGraph,
} from "./flow-model";
import { NODE_STYLE } from "./node-style";
import { NODE_TYPES } from "./nodes";

type DialogState = { mode: "create"; type: FlowNodeType } | { mode: "edit"; id: string } | null;

interface FlowEditorProps {
  flow: FlowWithGraph;
  companyId: number;
  /** Buttons beside Salvar (the test panel's place). */
  tools?: ReactNode;
}

/**
 * The canvas of /flowbuilder/{id} (spec 3 section 2): the speed-dial adds nodes 40 px right of the
 * last, double-click opens a node's editor, Delete or Backspace removes the selection, message-like
 * nodes duplicate and delete from their icons. Salvar checks the graph first (flow-check: errors
 * refuse, unreachable nodes warn) and lists the problems; a click on one shows its node.
 */
export function FlowEditor({ flow, companyId, tools }: FlowEditorProps) {
  const { t } = useTranslation();
  const canvasLabels = useCanvasLabels();
  const initial = useMemo(() => fromGraph(flow.flow), [flow.flow]);
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<EditorEdge>(initial.edges);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const save = useSaveFlowGraph();
  const reactFlow = useReactFlow<EditorNode, EditorEdge>();

  const actions = useMemo<FlowEditorActions>(
    () => ({
      companyId,
      edit: (id) => setDialog({ mode: "edit", id }),
      duplicate: (id) => setNodes((list) => duplicateNode(list, id)),
      remove: (id) => {
        const next = removeNode(reactFlow.getNodes(), reactFlow.getEdges(), id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
    }),
    [companyId, reactFlow, setNodes, setEdges],
  );

  const add = (type: FlowNodeType) => {
    if (type === "start") setNodes((list) => [...list, makeNode("start", {}, list)]);
    else setDialog({ mode: "create", type });
  };

  const onConnect = useCallback(
    (connection: Connection) =>
      setEdges((list) =>
        // One edge per way out: a new one from the same handle replaces the old.
        addEdge(
          {
            ...connection,
            id: `e-${connection.source}-${connection.sourceHandle ?? ""}-${connection.target}`,
          },
          list.filter(
            (e) =>
              !(
                e.source === connection.source &&
                (e.sourceHandle ?? null) === (connection.sourceHandle ?? null)
              ),
          ),
        ),
      ),
    [setEdges],
  );

  const editing = dialog?.mode === "edit" ? nodes.find((node) => node.id === dialog.id) : undefined;
  const dialogType = dialog?.mode === "create" ? dialog.type : editing?.type;

  const saveDialog = (data: Record<string, unknown>) => {
    if (dialog?.mode === "create") {
      const node = makeNode(dialog.type, data, nodes);
      setNodes((list) => [...list.map((n) => ({ ...n, selected: false })), { ...node, selected: true }]);
      // The new node may land off screen (40 px right of the last): bring it into view.
      setTimeout(() => focusNode(node.id), 0);
    } else if (editing) {
      const next = nodes.map((node) => (node.id === editing.id ? { ...node, data } : node));
      setNodes(next);
      setEdges((list) => pruneEdges(next, list));
    }
    setDialog(null);
  };

  const focusNode = (id: string) => {
    const node = reactFlow.getNode(id);
    if (!node) return;
    setNodes((list) => list.map((n) => ({ ...n, selected: n.id === id })));
    const width = node.measured?.width ?? 260;
    const height = node.measured?.height ?? 100;
    void reactFlow.setCenter(node.position.x + width / 2, node.position.y + height / 2, {
      zoom: 1.2,
      duration: 300,
    });
  };

  const submit = async () => {
    const found = checkGraph(nodes, edges);
    setProblems(found);
    if (found.some((p) => p.severity === "error")) {
      toast.error(t("flowbuilder.check.refused"));
      return;
    }
    try {
      await save.mutateAsync({ idFlow: flow.id, ...toGraph(nodes, edges) });
      toast.success(t("flowbuilder.toasts.saved"));
      if (found.length > 0) toast.warning(t("flowbuilder.check.savedWithWarnings"));
    } catch (failure) {
      // The server's own check (same rules): its issues name the nodes as `nodes.{id}`.
      if (isApiError(failure) && failure.issues?.length)
        setProblems(
          failure.issues.map((issue) => ({
            code: "emptyMessage",
            message: issue.message,
            severity: "error",
            ...(issue.field.startsWith("nodes.") ? { nodeId: issue.field.slice("nodes.".length) } : {}),
          })),
        );
      toastError(failure);
    }
  };

  return (
    <FlowEditorContext.Provider value={actions}>
      <Stack spacing={1} sx={{ height: "100%", minHeight: 0 }}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t("flowbuilder.hint")}
          </Typography>
          {/* The toolbar's slot: the test panel's button goes here. */}
          <Box data-testid="flow-editor-tools" sx={{ display: "flex", gap: 1 }}>
            {tools}
            <FlowTestPanel graph={() => toGraph(nodes, edges)} />
          </Box>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={() => void submit()}
            disabled={save.isPending}
          >
            {t("flowbuilder.save")}
          </Button>
        </Stack>
        <FlowProblems problems={problems} nodes={nodes} onFocus={focusNode} onClose={() => setProblems([])} />
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 420, position: "relative", overflow: "hidden" }}>
          <ReactFlow<EditorNode, EditorEdge>
            aria-label={t("flowbuilder.canvas")}
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeDoubleClick={(_, node) => node.type !== "start" && setDialog({ mode: "edit", id: node.id })}
            deleteKeyCode={["Delete", "Backspace"]}
            zoomOnDoubleClick={false}
            defaultEdgeOptions={{ animated: true, style: { strokeWidth: 2 } }}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            minZoom={0.2}
            proOptions={{ hideAttribution: true }}
            ariaLabelConfig={canvasLabels}
          >
            <Background gap={20} />
            <Controls showInteractive={false} />
            <MiniMap
              pannable
              zoomable
              nodeColor={(node) => NODE_STYLE[node.type as FlowNodeType]?.color ?? "#999"}
            />
          </ReactFlow>
          <FlowSpeedDial onAdd={add} />
        </Paper>
      </Stack>
      {dialog && dialogType && (
        <NodeDialog
          type={dialogType}
          mode={dialog.mode}
          data={editing?.data ?? {}}
          onSave={saveDialog}
          onClose={() => setDialog(null)}
        />
      )}
    </FlowEditorContext.Provider>
  );
}

/** React Flow's own control labels and screen-reader texts, in the user's language. */
function useCanvasLabels(): Partial<AriaLabelConfig> {
  const { t } = useTranslation();
  return useMemo(() => {
    const direction = (key: string) => {
      const known = ["up", "down", "left", "right"] as const;
      const found = known.find((d) => d === key);
      return found ? t(`flowbuilder.canvasLabels.directions.${found}`) : key;
    };
    return {
      "controls.ariaLabel": t("flowbuilder.canvasLabels.controls"),
      "controls.zoomIn.ariaLabel": t("flowbuilder.canvasLabels.zoomIn"),
      "controls.zoomOut.ariaLabel": t("flowbuilder.canvasLabels.zoomOut"),
      "controls.fitView.ariaLabel": t("flowbuilder.canvasLabels.fitView"),
      "minimap.ariaLabel": t("flowbuilder.canvasLabels.minimap"),
      "handle.ariaLabel": t("flowbuilder.canvasLabels.handle"),
      "node.a11yDescription.default": t("flowbuilder.canvasLabels.node"),
      "node.a11yDescription.keyboardDisabled": t("flowbuilder.canvasLabels.nodeKeys"),
      "node.a11yDescription.ariaLiveMessage": ({ direction: key, x, y }) =>
        t("flowbuilder.canvasLabels.moved", { direction: direction(key), x, y }),
      "edge.a11yDescription.default": t("flowbuilder.canvasLabels.edge"),
    };
  }, [t]);
}

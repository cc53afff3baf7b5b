import { createContext, useContext } from "react";

/** What a node's own buttons do; the canvas provides it. */
export interface FlowEditorActions {
  edit(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
  /** The company's id, for previews of stored uploads. */
  companyId: number;
}

export const FlowEditorContext = createContext<FlowEditorActions | null>(null);

export function useFlowEditorActions(): FlowEditorActions {
  const value = useContext(FlowEditorContext);
  if (!value) throw new Error("useFlowEditorActions must be used inside the flow canvas");
  return value;
}

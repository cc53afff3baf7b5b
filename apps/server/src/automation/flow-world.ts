import { type FlowGraphData, flowGraph } from "@inbox/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { flows, flowVersions } from "../db/schema/index.js";
import { ofCompany } from "../db/tenant-scope.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { BotAction, BotState, FlowRef, FlowWorld } from "./machine-types.js";
import type { Locked } from "./repo.js";

/** The connection's side of the flows' world (cached with the rest of the world, automation/world.ts). */
export type ConnectionFlows = Pick<FlowWorld, "welcome" | "notPhrase" | "phrases" | "byIntegration">;

/** A graph as stored, read leniently: a graph the schema refuses (a hand-edited row) has no nodes. */
function graphOf(nodes: unknown, connections: unknown): FlowGraphData {
  const parsed = flowGraph.safeParse({ nodes, connections });
  return parsed.success ? parsed.data : { nodes: [], connections: [] };
}

/**
 * The flows a ticket of this connection may start: its welcome and no-phrase flows, its active
 * phrase campaigns and the company's flowbuilder integrations (projectName holds the flow's id),
 * each with its active flow's current graph. Undefined when there are none: most connections, whose
 * tickets then never look at flows.
 */
export async function loadConnectionFlows(
  tx: Db | Tx,
  companyId: number,
  /** Read with the rest of the world (world.ts): the connection's flowIdWelcome and flowIdNotPhrase,
   * its active phrase campaigns in id order, the company's flowbuilder integrations. */
  links: {
    welcome: number | null;
    notPhrase: number | null;
    phrases: { phrase: string; flowId: number }[];
    integrations: { id: number; projectName: string | null }[];
  },
): Promise<ConnectionFlows | undefined> {
  const { phrases, integrations } = links;
  const integrationFlows = integrations.flatMap((integration) => {
    const flowId = Number(integration.projectName);
    return Number.isInteger(flowId) && flowId > 0 ? [{ id: integration.id, flowId }] : [];
  });
  const ids = new Set<number>(
    [
      links.welcome,
      links.notPhrase,
      ...phrases.map((p) => p.flowId),
      ...integrationFlows.map((i) => i.flowId),
    ].filter((id): id is number => typeof id === "number"),
  );
  if (ids.size === 0) return undefined;
  const rows = await tx
    .select({ id: flows.id, nodes: flows.nodes, connections: flows.connections, updatedAt: flows.updatedAt })
    .from(flows)
    .where(ofCompany(flows, companyId, and(inArray(flows.id, [...ids]), eq(flows.active, true))));
  const refs = new Map<number, FlowRef>(
    rows.map((row) => [
      row.id,
      { flowId: row.id, version: row.updatedAt.getTime(), graph: graphOf(row.nodes, row.connections) },
    ]),
  );
  const ref = (id: number | null | undefined) => (typeof id === "number" ? (refs.get(id) ?? null) : null);
  return {
    welcome: ref(links.welcome),
    notPhrase: ref(links.notPhrase),
    phrases: phrases.flatMap((p) => {
      const flow = ref(p.flowId);
      return flow && p.phrase.trim() ? [{ phrase: p.phrase, flow }] : [];
    }),
    byIntegration: new Map(
      integrationFlows.flatMap((i) => {
        const flow = ref(i.flowId);
        return flow ? [[i.id, flow] as const] : [];
      }),
    ),
  };
}

/** Stored versions are never changed: kept in the process once read. */
const VERSIONS_KEPT = 500;

/** The graphs of walks in progress, by (flow, version), and the copies that keep them. */
export class FlowVersions {
  private readonly kept = new Map<string, FlowRef>();
  /** Versions whose copy a committed transaction stored: not written again by this process. */
  private readonly stored = new Set<string>();

  /** The version a walk started on: the flow's current graph when it is that version, else its copy. */
  async find(tx: Tx, companyId: number, flowId: number, version: number, candidates: (FlowRef | null)[]) {
    const current = candidates.find((ref) => ref?.flowId === flowId && ref.version === version);
    if (current) return current;
    const key = `${flowId}:${version}`;
    const hit = this.kept.get(key);
    if (hit) return hit;
    const [row] = await tx
      .select({ nodes: flowVersions.nodes, connections: flowVersions.connections })
      .from(flowVersions)
      .where(
        ofCompany(
          flowVersions,
          companyId,
          and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)),
        ),
      );
    if (!row) return null;
    const ref = { flowId, version, graph: graphOf(row.nodes, row.connections) };
    this.remember(key, ref);
    return ref;
  }

  /**
   * A walk starts on this graph: its copy is stored in the walk's transaction, once per batch
   * (`batch` holds the versions this transaction wrote) and not again once a commit stored it.
   */
  async keep(tx: Tx, companyId: number, ref: FlowRef, batch: Set<string>): Promise<void> {
    // Remembered only after the commit (committed()): a copy remembered before could be one that never was.
    const key = `${ref.flowId}:${ref.version}`;
    if (this.stored.has(key) || batch.has(key)) return;
    batch.add(key);
    await tx
      .insert(flowVersions)
      .values({
        companyId,
        flowId: ref.flowId,
        version: ref.version,
        nodes: ref.graph.nodes,
        connections: ref.graph.connections,
      })
      .onConflictDoNothing();
  }

  /** The batch's transaction committed: its copies exist. */
  committed(batch: Set<string>): void {
    for (const key of batch) {
      if (this.stored.size >= VERSIONS_KEPT) this.stored.delete(this.stored.values().next().value as string);
      this.stored.add(key);
    }
  }

  private remember(key: string, ref: FlowRef): void {
    if (this.kept.size >= VERSIONS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, ref);
  }
}

/** What the flows read once per batch of runs (runner.ts): one statement for all its tickets. */
export interface FlowBatch {
  /** Whether the ticket's contact has no ticket but this one (writing for the first time: the welcome flow's case). */
  isNewContact(ticketId: number): Promise<boolean>;
  /** The flow versions this batch's transaction stored (FlowVersions.keep). */
  keptVersions: Set<string>;
}

/** Every graph the connection's flows may start. */
function flowCandidates(flows: ConnectionFlows): FlowRef[] {
  return [
    flows.welcome,
    flows.notPhrase,
    ...flows.phrases.map((p) => p.flow),
    ...flows.byIntegration.values(),
  ].filter((ref): ref is FlowRef => ref !== null);
}

const NO_FLOWS: ConnectionFlows = { welcome: null, notPhrase: null, phrases: [], byIntegration: new Map() };

/** The flows' side of one ticket's world, for the runner (runner.ts). */
export class TicketFlows {
  readonly versions = new FlowVersions();

  constructor(private readonly random?: () => number) {}

  /**
   * The connection's flows, the graph of the ticket's walk at its version, and the contact's facts
   * conditions read. Undefined when the connection has no flows and the ticket walks none (the
   * common case: nothing is read).
   */
  async worldOf(
    tx: Tx,
    ticket: TicketRow,
    contact: NonNullable<Locked["contact"]>,
    state: BotState,
    connectionFlows: ConnectionFlows | undefined,
    batch: FlowBatch,
  ): Promise<FlowWorld | undefined> {
    if (!connectionFlows && !state.flow) return undefined;
    const own = connectionFlows ?? NO_FLOWS;
    const flows: FlowWorld = {
      ...own,
      current: null,
      isNewContact: false,
      contact: { name: contact.name, number: contact.number, email: contact.email },
      ...(this.random ? { random: this.random } : {}),
    };
    if (state.flow) {
      const { flowId, version } = state.flow;
      flows.current = await this.versions.find(tx, ticket.companyId, flowId, version, flowCandidates(own));
    }
    if (own.welcome && state.stage === "new") flows.isNewContact = await batch.isNewContact(ticket.id);
    return flows;
  }

  /** A walk started in this run: its graph is kept at this version, and the run's later events continue it. */
  async started(
    tx: Tx,
    companyId: number,
    flows: FlowWorld,
    action: Extract<BotAction, { type: "flowLog" }>,
    batch: FlowBatch,
  ): Promise<void> {
    if (!action.started) return;
    const ref = flowCandidates(flows).find(
      (candidate) => candidate.flowId === action.flowId && candidate.version === action.version,
    );
    if (!ref) return;
    await this.versions.keep(tx, companyId, ref, batch.keptVersions);
    flows.current = ref;
  }
}

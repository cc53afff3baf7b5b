import type { PlatformConnectionDto } from "@inbox/shared";

/** One line of /allConnections: a company and how many of its connections are connected. */
export interface CompanyConnectionsRow {
  companyId: number;
  companyName: string;
  connected: number;
  disconnected: number;
  total: number;
}

/**
 * Connections grouped by company, in the server's order (company id): a connection counts as
 * connected only in status CONNECTED; every other state (QR code, opening, timeout) is not.
 */
export function companyRows(connections: PlatformConnectionDto[]): CompanyConnectionsRow[] {
  const rows = new Map<number, CompanyConnectionsRow>();
  for (const connection of connections) {
    const row = rows.get(connection.companyId) ?? {
      companyId: connection.companyId,
      companyName: connection.companyName,
      connected: 0,
      disconnected: 0,
      total: 0,
    };
    if (connection.status === "CONNECTED") row.connected += 1;
    else row.disconnected += 1;
    row.total += 1;
    rows.set(connection.companyId, row);
  }
  return [...rows.values()];
}

/** The totals row. */
export function totalsOf(rows: CompanyConnectionsRow[]) {
  return rows.reduce(
    (sum, row) => ({
      connected: sum.connected + row.connected,
      disconnected: sum.disconnected + row.disconnected,
      total: sum.total + row.total,
    }),
    { connected: 0, disconnected: 0, total: 0 },
  );
}

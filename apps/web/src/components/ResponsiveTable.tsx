import {
  Box,
  Card,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { alpha, type Theme, useTheme } from "@mui/material/styles";
import type { Key, MouseEvent, ReactNode } from "react";

export interface ResponsiveColumn<T> {
  key: string;
  /** The column's header, and the value's label on a card. */
  header: string;
  render: (row: T) => ReactNode;
  align?: "left" | "center" | "right";
  /** Styles of the table cell (widths, truncation); cards ignore them. */
  cellSx?: object;
}

export interface ResponsiveTableProps<T> {
  /** The table's (and the card list's) accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The first column (or `titleColumn`) is the card's title; the others its labelled lines. */
  columns: readonly ResponsiveColumn<T>[];
  /** The key of the column that titles a card, when not the first (e.g. the name after a channel icon). */
  titleColumn?: string;
  /** The row's buttons: the table's last column, the card's bottom line (never cut off). */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  stickyHeader?: boolean;
  /**
   * Opens a row on a click anywhere in it but its actions (the table row, the card). A cell
   * should still hold a link or button to it, for the keyboard.
   */
  onRowClick?: (row: T) => void;
  /** The highlighted row (e.g. the one being edited): the table row's `selected`, the card's border. */
  isSelected?: (row: T) => boolean;
  /**
   * A row that needs attention (a company due soon, overdue): its background tinted in the
   * palette's warning or error colour, and `data-tone` naming it (undefined: neither).
   */
  rowTone?: (row: T) => RowTone | undefined;
  /** A summary line after the rows (totals), drawn with the same columns, without actions. */
  footerRow?: T;
}

export type RowTone = "warning" | "error";

/** The tint of a row or card of that tone. */
const toneSx = (tone: RowTone | undefined) =>
  tone ? (theme: Theme) => ({ bgcolor: alpha(theme.palette[tone].main, 0.18) }) : {};

/** Under this width a list page shows cards (AppShell folds the top bar at the same one). */
export const CARDS_BREAKPOINT = "sm" as const;

/** Whether list pages show cards: phones (390 px) and anything under the `sm` breakpoint. */
export function useCardsLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(CARDS_BREAKPOINT), { noSsr: true });
}

/**
 * A list page's rows: a table on wide screens; on narrow ones one card per
 * row, the first column as its title, the other columns as label and value,
 * and the actions on their own line, so none scrolls out of reach.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const cards = useCardsLayout();
  return cards ? <CardList {...props} /> : <WideTable {...props} />;
}

function WideTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  actionsHeader,
  stickyHeader,
  onRowClick,
  isSelected,
  rowTone,
  footerRow,
}: ResponsiveTableProps<T>) {
  return (
    <Table stickyHeader={stickyHeader} size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} align={column.align}>
              {column.header}
            </TableCell>
          ))}
          {actions && <TableCell align="right">{actionsHeader}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={rowKey(row)}
            hover
            selected={isSelected?.(row) ?? false}
            onClick={onRowClick && (() => onRowClick(row))}
            data-tone={rowTone?.(row)}
            sx={[onRowClick ? { cursor: "pointer" } : {}, toneSx(rowTone?.(row))]}
          >
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={column.cellSx}>
                {column.render(row)}
              </TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }} onClick={onRowClick && stopPropagation}>
                {actions(row)}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
      {footerRow !== undefined && (
        <TableFooter>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={column.cellSx}
                {...(index === 0 ? { component: "th", scope: "row" } : {})}
              >
                {column.render(footerRow)}
              </TableCell>
            ))}
            {actions && <TableCell />}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}

function CardList<T>({
  label,
  rows,
  rowKey,
  columns,
  titleColumn,
  actions,
  onRowClick,
  isSelected,
  rowTone,
  footerRow,
}: ResponsiveTableProps<T>) {
  const title = columns.find((column) => column.key === titleColumn) ?? columns[0];
  const details = columns.filter((column) => column !== title);
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: "none", m: 0, p: 1, display: "flex", flexDirection: "column", gap: 1 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          variant="outlined"
          key={rowKey(row)}
          aria-current={isSelected?.(row) || undefined}
          onClick={onRowClick && (() => onRowClick(row))}
          data-tone={rowTone?.(row)}
          sx={[
            {
              p: 1.5,
              minWidth: 0,
              ...(onRowClick && { cursor: "pointer" }),
              ...(isSelected?.(row) && { borderColor: "primary.main", bgcolor: "action.selected" }),
            },
            toneSx(rowTone?.(row)),
          ]}
        >
          <CardFields row={row} title={title} details={details} />
          {actions && (
            <Box
              data-card-actions
              onClick={onRowClick && stopPropagation}
              sx={{
                display: "flex",
                justifyContent: "flex-end",
                flexWrap: "wrap",
                gap: 0.5,
                mt: 1,
                pt: 0.5,
                borderTop: 1,
                borderColor: "divider",
                // A row with no action to offer (a paid invoice's pay button renders nothing): no line.
                "&:empty": { display: "none" },
              }}
            >
              {actions(row)}
            </Box>
          )}
        </Card>
      ))}
      {footerRow !== undefined && (
        <Card
          component="li"
          variant="outlined"
          data-footer
          sx={{ p: 1.5, minWidth: 0, bgcolor: "action.hover" }}
        >
          <CardFields row={footerRow} title={title} details={details} />
        </Card>
      )}
    </Box>
  );
}

/** A card's title and its labelled values. */
function CardFields<T>({
  row,
  title,
  details,
}: {
  row: T;
  title: ResponsiveColumn<T> | undefined;
  details: readonly ResponsiveColumn<T>[];
}) {
  return (
    <>
      {title && (
        <Box sx={{ fontWeight: 600, mb: details.length > 0 ? 1 : 0, overflowWrap: "anywhere" }}>
          {title.render(row)}
        </Box>
      )}
      {details.length > 0 && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: "grid",
            gridTemplateColumns: "minmax(80px, max-content) minmax(0, 1fr)",
            columnGap: 1.5,
            rowGap: 0.5,
            alignItems: "center",
          }}
        >
          {details.map((column) => (
            <Box key={column.key} sx={{ display: "contents" }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {column.header}
              </Typography>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere", typography: "body2" }}>
                {column.render(row)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/** The actions' clicks are their own: they do not open the row. */
function stopPropagation(event: MouseEvent) {
  event.stopPropagation();
}

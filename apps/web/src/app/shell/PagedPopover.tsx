import { Box, Button, CircularProgress, IconButton, List, Popover, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";

/** What a paged list query offers the popover (TanStack's infinite query fits). */
export interface PagedList {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface PagedPopoverProps {
  /** The tooltip and the popover's accessible name. */
  title: string;
  /** The button's accessible name (it may carry a count). */
  buttonLabel: string;
  /** The icon, inside its badge. */
  icon: ReactNode;
  anchor: HTMLElement | null;
  onAnchor: (anchor: HTMLElement | null) => void;
  list: PagedList;
  /** How many items are loaded (0 shows `texts.empty`). */
  loaded: number;
  texts: { error: string; retry: string; empty: string; listLabel: string; loadingMore: string };
  width: number;
  /** Folded into the top bar's overflow menu: no button of its own. */
  hideButton?: boolean;
  /** Shown above the list (the chats popover's 'new chat'). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * A top-bar button opening a popover over a paged list: loading, error with
 * retry, empty, the items, and the next page near the bottom.
 */
export function PagedPopover(props: PagedPopoverProps) {
  const { t } = useTranslation();
  const { list, texts } = props;
  return (
    <>
      {!props.hideButton && (
        <Tooltip title={props.title}>
          <IconButton
            color="inherit"
            aria-label={props.buttonLabel}
            aria-haspopup="dialog"
            onClick={(event) => props.onAnchor(event.currentTarget)}
          >
            {props.icon}
          </IconButton>
        </Tooltip>
      )}
      <Popover
        open={Boolean(props.anchor)}
        anchorEl={props.anchor}
        onClose={() => props.onAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": props.title } }}
      >
        {props.header}
        <InfiniteScrollArea
          canLoadMore={list.hasNextPage && !list.isFetchingNextPage}
          onReachEnd={() => void list.fetchNextPage()}
          sx={{ width: { xs: 300, sm: props.width }, maxHeight: 480 }}
        >
          {list.isPending ? (
            <Box sx={{ p: 3, display: "flex", justifyContent: "center" }}>
              <CircularProgress size={24} aria-label={t("common.loading")} />
            </Box>
          ) : list.isError && props.loaded === 0 ? (
            <Box sx={{ p: 2 }} role="alert">
              <Typography color="error" sx={{ mb: 1 }}>
                {texts.error}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => void list.refetch()}>
                {texts.retry}
              </Button>
            </Box>
          ) : props.loaded === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {texts.empty}
            </Typography>
          ) : (
            <List dense aria-label={texts.listLabel}>
              {props.children}
              {list.isFetchingNextPage && (
                <Box sx={{ p: 1, display: "flex", justifyContent: "center" }}>
                  <CircularProgress size={20} aria-label={texts.loadingMore} />
                </Box>
              )}
            </List>
          )}
        </InfiniteScrollArea>
      </Popover>
    </>
  );
}

import type { AnnouncementDto } from "@inbox/shared";
import CampaignIcon from "@mui/icons-material/Campaign";
import { Badge, Box, Link, ListItem, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  type AnnouncementEventPayload,
  type AnnouncementPages,
  announcementKeys,
  applyAnnouncementEvent,
  useAnnouncementsInfinite,
} from "../../api/announcements";
import { RealtimeContext } from "../../realtime/realtime-context";
import { formatDateTimeShort } from "../format-date";
import { useSeenAnnouncements } from "./announcements-seen";
import { type FoldedAction, useActionAnchor } from "./folded-action";
import { PagedPopover } from "./PagedPopover";

/** Spec 1 section 9, spec 3: priority 1 red, 2 orange, 3 grey (the item's left border). */
export const PRIORITY_COLORS: Record<number, string> = { 1: "#d32f2f", 2: "#ed6c02", 3: "#9e9e9e" };
const priorityColor = (priority: number) => PRIORITY_COLORS[priority] ?? PRIORITY_COLORS[3];
const priorityLevel = (priority: number): 1 | 2 | 3 => (priority === 1 || priority === 2 ? priority : 3);

/** The spec's global channel, and the company-scoped form the server's Realtime class can emit. */
export const ANNOUNCEMENT_EVENT = "company-announcement";
export const companyAnnouncementEvent = (companyId: number) => `company-${companyId}-announcement`;

/** A stored file's public path (`/public/...`), or an absolute address, as a link target. */
export function announcementMediaUrl(mediaPath: string): string {
  return /^(https?:)?\/\//.test(mediaPath) || mediaPath.startsWith("/") ? mediaPath : `/public/${mediaPath}`;
}

/**
 * Keeps the cached announcement pages live from the socket: an event changes
 * the pages in place (no reload); a reconnection loads them again.
 */
function useAnnouncementEvents() {
  const queryClient = useQueryClient();
  const { socket, companyId } = useContext(RealtimeContext);
  const onEvent = useEffectEvent((payload: AnnouncementEventPayload) => {
    queryClient.setQueryData<AnnouncementPages>(announcementKeys.list, (data) =>
      applyAnnouncementEvent(data, payload),
    );
  });
  useEffect(() => {
    if (!socket) return;
    const names = [ANNOUNCEMENT_EVENT, ...(companyId === null ? [] : [companyAnnouncementEvent(companyId)])];
    const listener = (payload: AnnouncementEventPayload) => onEvent(payload);
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: announcementKeys.list });
    };
    for (const name of names) socket.on(name, listener);
    socket.on("connect", onConnect);
    return () => {
      for (const name of names) socket.off(name, listener);
      socket.off("connect", onConnect);
    };
  }, [socket, companyId, queryClient]);
}

interface AnnouncementsPopoverProps {
  userId: number;
  /** In the top bar's overflow menu (narrow screens). */
  folded?: FoldedAction;
  /** Told the unseen count (the overflow menu's item shows it). */
  onUnseenChange?: (unseen: number) => void;
}

/**
 * The top bar's announcements (spec 1 section 2): a badge with the ones this
 * user has not seen yet (see announcements-seen.ts), and a popover listing
 * them newest first with infinite scroll.
 */
export function AnnouncementsPopover({ userId, folded, onUnseenChange }: AnnouncementsPopoverProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useActionAnchor(folded);
  const announcements = useAnnouncementsInfinite();
  useAnnouncementEvents();
  const { seen, markSeen } = useSeenAnnouncements(userId);
  // A super user's list also holds the inactive ones they wrote (for the /announcements page): not shown here.
  const records =
    announcements.data?.pages.flatMap((page) => page.records).filter((record) => record.status !== false) ??
    [];
  const unseen = records.filter((record) => !seen.has(record.id)).length;
  const open = Boolean(anchor);
  useEffect(() => onUnseenChange?.(unseen), [unseen, onUnseenChange]);
  const label =
    unseen > 0 ? t("topBar.announcements.withCount", { count: unseen }) : t("topBar.announcements.title");

  // What the open popover shows counts as seen, including what arrives while it is open.
  const shownIds = open ? records.map((record) => record.id).join(",") : "";
  useEffect(() => {
    if (shownIds) markSeen(shownIds.split(",").map(Number));
  }, [shownIds, markSeen]);

  return (
    <PagedPopover
      title={t("topBar.announcements.title")}
      buttonLabel={label}
      icon={
        <Badge badgeContent={unseen} max={99} color="error">
          <CampaignIcon />
        </Badge>
      }
      anchor={anchor}
      onAnchor={setAnchor}
      hideButton={Boolean(folded)}
      list={announcements}
      loaded={records.length}
      texts={{
        error: t("topBar.announcements.error"),
        retry: t("topBar.announcements.retry"),
        empty: t("topBar.announcements.empty"),
        listLabel: t("topBar.announcements.listLabel"),
        loadingMore: t("topBar.announcements.loadingMore"),
      }}
      width={380}
    >
      {records.map((record) => (
        <AnnouncementItem key={record.id} announcement={record} />
      ))}
    </PagedPopover>
  );
}

function AnnouncementItem({ announcement }: { announcement: AnnouncementDto }) {
  const { t } = useTranslation();
  const level = priorityLevel(announcement.priority);
  return (
    <ListItem
      data-priority={level}
      style={{ borderLeftColor: priorityColor(announcement.priority) }}
      sx={{
        display: "block",
        borderLeft: "6px solid",
        borderBottom: 1,
        borderBottomColor: "divider",
        py: 1,
      }}
    >
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "baseline" }}>
        <Typography variant="subtitle2" component="p" sx={{ overflowWrap: "anywhere" }}>
          {announcement.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {formatDateTimeShort(announcement.createdAt)}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {t(`topBar.announcements.priority${level}`)}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {announcement.text}
      </Typography>
      {announcement.mediaPath && (
        <Link
          href={announcementMediaUrl(announcement.mediaPath)}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
        >
          {announcement.mediaName || t("topBar.announcements.attachment")}
        </Link>
      )}
    </ListItem>
  );
}

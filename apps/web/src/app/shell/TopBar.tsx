import type { Language } from "@inbox/shared";
import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import CampaignIcon from "@mui/icons-material/Campaign";
import ChatIcon from "@mui/icons-material/Chat";
import MenuIcon from "@mui/icons-material/Menu";
import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import RefreshIcon from "@mui/icons-material/Refresh";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import {
  AppBar,
  Badge,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  useMediaQuery,
} from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountMenu } from "./AccountMenu";
import { AnnouncementsPopover } from "./AnnouncementsPopover";
import { ChatsPopover } from "./ChatsPopover";
import type { FoldedAction } from "./folded-action";
import { Greeting } from "./Greeting";
import { type BellContent, NotificationsBell } from "./NotificationsBell";
import { VolumeControl } from "./VolumeControl";

interface TopBarProps {
  drawerOpen: boolean;
  userId: number;
  userName: string;
  profileImage: string | null;
  dueDate?: string | null;
  volume: number;
  language: Language;
  /** Tickets with unread messages the user may see (the bell's list). */
  unreadTickets: BellContent;
  /** The internal-chat popover, absent when the plan switches the internal chat off. */
  chats?: { unreadCount: number; onOpenChat: (uuid: string) => void; onNewChat?: () => void };
  onToggleDrawer: () => void;
  onVolumeChange: (volume: number) => void;
  onRefresh: () => void;
  onProfile: () => void;
  onLanguage: (language: Language) => void;
  onLogout: () => void;
  onOpenTicket: (uuid: string) => void;
}

/** The actions the overflow menu holds on narrow screens. */
type Folded = "announcements" | "chats" | "volume" | "account";

export function TopBar(props: TopBarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Phones: the menu toggle, the greeting, the bell and one overflow menu for the rest.
  const narrow = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const moreButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [opened, setOpened] = useState<Folded | null>(null);
  const [unseenAnnouncements, setUnseenAnnouncements] = useState(0);
  const toggleLabel = props.drawerOpen ? t("shell.closeMenu") : t("shell.openMenu");
  const folded = (action: Folded): FoldedAction | undefined =>
    narrow
      ? { anchor: opened === action ? moreButton.current : null, onClose: () => setOpened(null) }
      : undefined;
  const chatsUnread = props.chats?.unreadCount ?? 0;
  const news = unseenAnnouncements > 0 || chatsUnread > 0;
  const open = (action: Folded) => () => {
    setMenuOpen(false);
    setOpened(action);
  };
  const item = (icon: ReactNode, label: string, onClick: () => void, ariaLabel?: string) => (
    <MenuItem onClick={onClick} aria-label={ariaLabel}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      {/* Eight controls on wide screens; four on phones (the rest in the overflow menu). */}
      <Toolbar sx={{ gap: { xs: 0, sm: 1 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={toggleLabel}
            aria-expanded={props.drawerOpen}
            onClick={props.onToggleDrawer}
          >
            {props.drawerOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Greeting name={props.userName} dueDate={props.dueDate} />
        <VolumeControl volume={props.volume} onChange={props.onVolumeChange} folded={folded("volume")} />
        {!narrow && (
          <Tooltip title={t("shell.refresh")}>
            <IconButton color="inherit" aria-label={t("shell.refresh")} onClick={props.onRefresh}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        )}
        <NotificationsBell {...props.unreadTickets} onOpenTicket={props.onOpenTicket} />
        <AnnouncementsPopover
          userId={props.userId}
          folded={folded("announcements")}
          onUnseenChange={setUnseenAnnouncements}
        />
        {props.chats && (
          <ChatsPopover
            userId={props.userId}
            unreadCount={props.chats.unreadCount}
            onOpenChat={props.chats.onOpenChat}
            onNewChat={props.chats.onNewChat}
            folded={folded("chats")}
          />
        )}
        <AccountMenu
          name={props.userName}
          profileImage={props.profileImage}
          language={props.language}
          onProfile={props.onProfile}
          onLanguage={props.onLanguage}
          onLogout={props.onLogout}
          folded={folded("account")}
        />
        {narrow && (
          <>
            <Tooltip title={t("topBar.more.label")}>
              <IconButton
                ref={moreButton}
                color="inherit"
                edge="end"
                aria-label={news ? t("topBar.more.withNews") : t("topBar.more.label")}
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen(true)}
              >
                <Badge variant="dot" color="error" invisible={!news}>
                  <MoreVertIcon />
                </Badge>
              </IconButton>
            </Tooltip>
            <Menu
              anchorEl={moreButton.current}
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
              transformOrigin={{ vertical: "top", horizontal: "right" }}
            >
              {item(
                <Badge badgeContent={unseenAnnouncements} max={99} color="error">
                  <CampaignIcon fontSize="small" />
                </Badge>,
                t("topBar.announcements.title"),
                open("announcements"),
                unseenAnnouncements > 0
                  ? t("topBar.announcements.withCount", { count: unseenAnnouncements })
                  : undefined,
              )}
              {props.chats &&
                item(
                  <Badge variant="dot" color="error" invisible={chatsUnread === 0}>
                    <ChatIcon fontSize="small" />
                  </Badge>,
                  t("topBar.chats.title"),
                  open("chats"),
                  chatsUnread > 0 ? t("topBar.chats.withUnread", { count: chatsUnread }) : undefined,
                )}
              {item(<VolumeUpIcon fontSize="small" />, t("shell.volume"), open("volume"))}
              {item(<RefreshIcon fontSize="small" />, t("shell.refresh"), () => {
                setMenuOpen(false);
                props.onRefresh();
              })}
              {item(<AccountCircleIcon fontSize="small" />, t("shell.account"), open("account"))}
            </Menu>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}

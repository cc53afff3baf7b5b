import type { Language, TicketDto } from "@inbox/shared";
import MenuIcon from "@mui/icons-material/Menu";
import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import RefreshIcon from "@mui/icons-material/Refresh";
import { AppBar, IconButton, Toolbar, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { AccountMenu } from "./AccountMenu";
import { AnnouncementsPopover } from "./AnnouncementsPopover";
import { ChatsPopover } from "./ChatsPopover";
import { Greeting } from "./Greeting";
import { NotificationsBell } from "./NotificationsBell";
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
  unreadTickets: readonly TicketDto[];
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

export function TopBar(props: TopBarProps) {
  const { t } = useTranslation();
  const toggleLabel = props.drawerOpen ? t("shell.closeMenu") : t("shell.openMenu");
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      {/* Eight controls: no gaps on narrow screens, so they fit 360 px. */}
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
        <VolumeControl volume={props.volume} onChange={props.onVolumeChange} />
        <Tooltip title={t("shell.refresh")}>
          <IconButton color="inherit" aria-label={t("shell.refresh")} onClick={props.onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <NotificationsBell tickets={props.unreadTickets} onOpenTicket={props.onOpenTicket} />
        <AnnouncementsPopover userId={props.userId} />
        {props.chats && (
          <ChatsPopover
            userId={props.userId}
            unreadCount={props.chats.unreadCount}
            onOpenChat={props.chats.onOpenChat}
            onNewChat={props.chats.onNewChat}
          />
        )}
        <AccountMenu
          name={props.userName}
          profileImage={props.profileImage}
          language={props.language}
          onProfile={props.onProfile}
          onLanguage={props.onLanguage}
          onLogout={props.onLogout}
        />
      </Toolbar>
    </AppBar>
  );
}

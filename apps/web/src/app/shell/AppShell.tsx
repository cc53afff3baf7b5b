import { Box, Toolbar, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useVersion } from "../../api/auth";
import { useHelps } from "../../api/helps";
import { changeLanguage, isLanguage } from "../../i18n";
import { TicketNotifications } from "../../notifications/TicketNotifications";
import { useHandovers } from "../../notifications/use-handovers";
import { useNotificationSettings } from "../../notifications/use-notification-settings";
import { useUnreadTickets } from "../../notifications/use-unread-tickets";
import { ticketViewerOf } from "../../pages/tickets/ticket-viewer";
import { UserModal } from "../../pages/users/UserModal";
import { ConnectionCue } from "../../realtime/ConnectionCue";
import { useAuth, useCurrentUser } from "../auth/auth-context";
import { PlanGatedOutlet } from "../guards/RequirePlanFeature";
import { canManageConnections, isAdmin, planAllows } from "../permissions";
import { useTitleBadge } from "../title-badge";
import { useVolume } from "../volume";
import { useAppName } from "../WhitelabelHead";
import { MENU_ITEMS, visibleMenuItems } from "./menu-items";
import { SideDrawer } from "./SideDrawer";
import { TopBar } from "./TopBar";
import { useConnectionsBadge } from "./use-connections-badge";
import { useLiveChats } from "./use-live-chats";

/** The signed-in layout: top bar, side drawer and the current screen. */
export function AppShell() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const { i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(() => !narrow && user.defaultMenu !== "closed");
  const [profileOpen, setProfileOpen] = useState(false);
  const [volume, setVolume] = useVolume();
  const version = useVersion();
  const connectionsAlert = useConnectionsBadge(canManageConnections(user));
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "pt";
  const navigate = useNavigate();
  const viewer = useMemo(() => ticketViewerOf(user), [user]);
  const notificationSettings = useNotificationSettings(user);
  // The bell's tickets are the tab title's source: their unread messages, kept live from the socket.
  const unread = useUnreadTickets(viewer);
  const handovers = useHandovers(user.id);
  useTitleBadge(unread.total, useAppName());
  // Spec 2 section 6: the help item only when there are help videos.
  const helps = useHelps();
  const internalChat = planAllows(user, "useInternalChat");
  const chats = useLiveChats(user.id, internalChat);

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <TopBar
        drawerOpen={drawerOpen}
        userId={user.id}
        userName={user.name}
        profileImage={user.profileImage}
        dueDate={isAdmin(user) ? user.company?.dueDate : undefined}
        volume={volume}
        language={language}
        unreadTickets={{ tickets: unread.tickets, total: unread.count, handovers: handovers.tickets }}
        chats={
          internalChat
            ? {
                unreadCount: chats.unreadCount,
                onOpenChat: (uuid) => navigate(`/chats/${uuid}`),
                onNewChat: () => navigate("/chats?new=1"),
              }
            : undefined
        }
        onToggleDrawer={() => setDrawerOpen((open) => !open)}
        onVolumeChange={setVolume}
        onRefresh={() => window.location.reload()}
        onProfile={() => setProfileOpen(true)}
        onLanguage={changeLanguage}
        onLogout={() => void logout()}
        onOpenTicket={(uuid) => navigate(`/tickets/${uuid}`)}
      />
      <TicketNotifications viewer={viewer} settings={notificationSettings} />
      <ConnectionCue />
      <SideDrawer
        open={drawerOpen}
        temporary={narrow}
        items={visibleMenuItems(user, MENU_ITEMS, { helpsExist: (helps.data?.length ?? 0) > 0 })}
        badges={{ connections: connectionsAlert, chats: chats.unreadCount > 0 }}
        version={version.data?.version}
        onClose={() => setDrawerOpen(false)}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Toolbar />
        <Box sx={{ flexGrow: 1, p: { xs: 1.5, md: 3 }, minHeight: 0 }}>
          <PlanGatedOutlet />
        </Box>
      </Box>
      <UserModal open={profileOpen} userId={user.id} onClose={() => setProfileOpen(false)} />
    </Box>
  );
}

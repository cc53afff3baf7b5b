import type { UserDto } from "@inbox/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import AccountTreeIcon from "@mui/icons-material/AccountTree";
import ApiIcon from "@mui/icons-material/Api";
import AssessmentIcon from "@mui/icons-material/Assessment";
import BusinessIcon from "@mui/icons-material/Business";
import CampaignIcon from "@mui/icons-material/Campaign";
import ChecklistIcon from "@mui/icons-material/Checklist";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import DashboardIcon from "@mui/icons-material/Dashboard";
import DeviceHubIcon from "@mui/icons-material/DeviceHub";
import DevicesIcon from "@mui/icons-material/Devices";
import EventIcon from "@mui/icons-material/Event";
import FolderCopyIcon from "@mui/icons-material/FolderCopy";
import ForumIcon from "@mui/icons-material/Forum";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import ListAltIcon from "@mui/icons-material/ListAlt";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import MessageIcon from "@mui/icons-material/Message";
import PeopleIcon from "@mui/icons-material/People";
import QuickreplyIcon from "@mui/icons-material/Quickreply";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import SchemaIcon from "@mui/icons-material/Schema";
import SettingsIcon from "@mui/icons-material/Settings";
import SettingsSuggestIcon from "@mui/icons-material/SettingsSuggest";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import SubscriptionsIcon from "@mui/icons-material/Subscriptions";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import TextsmsIcon from "@mui/icons-material/Textsms";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import ViewWeekIcon from "@mui/icons-material/ViewWeek";
import {
  canManageConnections,
  canSeeDashboard,
  canWatchMoments,
  isAdmin,
  type PlanFlag,
  planAllows,
  planFlagOfPath,
} from "../permissions";

export type MenuSection = "main" | "administration";

export type MenuLabel =
  | "dashboard"
  | "tickets"
  | "contacts"
  | "moments"
  | "chats"
  | "kanban"
  | "tags"
  | "schedules"
  | "campaigns"
  | "campaignsConfig"
  | "contactLists"
  | "reports"
  | "users"
  | "queues"
  | "files"
  | "connections"
  | "allConnections"
  | "companies"
  | "financeiro"
  | "subscription"
  | "settings"
  | "helps"
  | "quickMessages"
  | "flows"
  | "phraseLists"
  | "queueIntegration"
  | "prompts"
  | "todolist"
  | "messagesApi"
  | "announcements";

/** Items that can carry an attention dot, and whether each has it now. */
export type MenuBadges = Partial<Record<MenuLabel, boolean>>;

export interface MenuItemDef {
  /** i18n key of the label, under `menu.` */
  label: MenuLabel;
  to: string;
  icon: SvgIconComponent;
  section: MenuSection;
  /** Role rule; absent means everyone. */
  allow?: (user: UserDto) => boolean;
  /** Plan feature the item needs; hidden when the plan switches it off. */
  planFlag?: PlanFlag;
  /** Shown only when the platform has help videos (spec 2 section 6). */
  needsHelps?: boolean;
}

/** What the menu knows besides the user: whether any help video exists. */
export interface MenuFacts {
  helpsExist?: boolean;
}

export const MENU_ITEMS: readonly MenuItemDef[] = [
  { label: "dashboard", to: "/", icon: DashboardIcon, section: "main", allow: canSeeDashboard },
  { label: "tickets", to: "/tickets", icon: ForumIcon, section: "main" },
  { label: "contacts", to: "/contacts", icon: ContactPhoneIcon, section: "main" },
  { label: "moments", to: "/moments", icon: ViewWeekIcon, section: "main", allow: canWatchMoments },
  { label: "chats", to: "/chats", icon: MessageIcon, section: "main", planFlag: "useInternalChat" },
  { label: "kanban", to: "/Kanban", icon: ViewKanbanIcon, section: "main", planFlag: "useKanban" },
  { label: "tags", to: "/tags", icon: LocalOfferIcon, section: "main" },
  { label: "schedules", to: "/schedules", icon: EventIcon, section: "main", planFlag: "useSchedules" },
  // Campaigns area (spec 3): shown when the plan allows campaigns (useCampaigns, from the path).
  { label: "campaigns", to: "/campaigns", icon: CampaignIcon, section: "main", allow: isAdmin },
  { label: "contactLists", to: "/contact-lists", icon: ListAltIcon, section: "main" },
  {
    label: "campaignsConfig",
    to: "/campaigns-config",
    icon: SettingsSuggestIcon,
    section: "main",
    allow: isAdmin,
  },
  { label: "reports", to: "/reports", icon: AssessmentIcon, section: "main" },
  { label: "quickMessages", to: "/quick-messages", icon: QuickreplyIcon, section: "main" },
  // Flow builder (spec 3): no plan flag and no profile restriction (section 6).
  { label: "flows", to: "/flowbuilders", icon: SchemaIcon, section: "main" },
  // Phrase campaigns start flows (spec 3): beside them, with no plan flag or profile restriction.
  { label: "phraseLists", to: "/phrase-lists", icon: TextsmsIcon, section: "main" },
  { label: "users", to: "/users", icon: PeopleIcon, section: "administration", allow: isAdmin },
  { label: "queues", to: "/queues", icon: AccountTreeIcon, section: "administration", allow: isAdmin },
  // Spec 3: integrations (useIntegrations) and AI prompts (useOpenAi), plan flags from the path; admins only (section 6).
  {
    label: "queueIntegration",
    to: "/queue-integration",
    icon: DeviceHubIcon,
    section: "administration",
    allow: isAdmin,
  },
  { label: "prompts", to: "/prompts", icon: SmartToyIcon, section: "administration", allow: isAdmin },
  // Spec 1 section 2 lists files among the admin items; its page is admins-only (spec 3 section 6).
  { label: "files", to: "/files", icon: FolderCopyIcon, section: "administration", allow: isAdmin },
  // Spec 3: the messages API page (plan flag useExternalApi, from the path); its tokens are admins'.
  { label: "messagesApi", to: "/messages-api", icon: ApiIcon, section: "administration", allow: isAdmin },
  {
    label: "connections",
    to: "/connections",
    icon: SyncAltIcon,
    section: "administration",
    allow: canManageConnections,
  },
  {
    label: "allConnections",
    to: "/allConnections",
    icon: DevicesIcon,
    section: "administration",
    allow: (user) => user.super,
  },
  {
    label: "companies",
    to: "/companies",
    icon: BusinessIcon,
    section: "administration",
    allow: (user) => user.super,
  },
  {
    label: "announcements",
    to: "/announcements",
    icon: CampaignIcon,
    section: "administration",
    allow: (user) => user.super,
  },
  {
    label: "financeiro",
    to: "/financeiro",
    icon: ReceiptLongIcon,
    section: "administration",
    allow: isAdmin,
  },
  {
    label: "subscription",
    to: "/subscription",
    icon: SubscriptionsIcon,
    section: "administration",
    allow: isAdmin,
  },
  { label: "settings", to: "/settings", icon: SettingsIcon, section: "administration", allow: isAdmin },
  // Spec 1 section 2 lists tasks just before helps; the to-do list is local to the browser, for everyone.
  { label: "todolist", to: "/todolist", icon: ChecklistIcon, section: "main" },
  { label: "helps", to: "/helps", icon: HelpOutlineIcon, section: "main", needsHelps: true },
];

/** The items a user sees, by role and plan flags (spec 1 section 2, application shell). */
export function visibleMenuItems(
  user: UserDto,
  items: readonly MenuItemDef[] = MENU_ITEMS,
  facts: MenuFacts = {},
): MenuItemDef[] {
  return items.filter((item) => {
    // An item of a plan-gated screen needs its flag even when the item does not name it.
    const flag = item.planFlag ?? planFlagOfPath(item.to);
    return (
      (item.allow?.(user) ?? true) &&
      (!flag || planAllows(user, flag)) &&
      (!item.needsHelps || facts.helpsExist === true)
    );
  });
}

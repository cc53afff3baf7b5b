import { Route, Routes } from "react-router";
import { AllConnectionsRoute } from "../pages/all-connections/AllConnectionsPage";
import { AnnouncementsPage } from "../pages/announcements/AnnouncementsPage";
import { LoginPage } from "../pages/auth/LoginPage";
import { RecoverPasswordPage } from "../pages/auth/RecoverPasswordPage";
import { ResetPasswordPage } from "../pages/auth/ResetPasswordPage";
import { SignupPage } from "../pages/auth/SignupPage";
import { CampaignReportPage } from "../pages/campaigns/CampaignReportPage";
import { CampaignSettingsPage } from "../pages/campaigns/CampaignSettingsPage";
import { CampaignsPage } from "../pages/campaigns/CampaignsPage";
import { ChatsPage } from "../pages/chats/ChatsPage";
import { SubscribeNowPage } from "../pages/checkout/SubscribeNowPage";
import { CompaniesRoute } from "../pages/companies/CompaniesPage";
import { ConnectionsPage } from "../pages/connections/ConnectionsPage";
import { ContactListItemsPage } from "../pages/contact-lists/ContactListItemsPage";
import { ContactListsPage } from "../pages/contact-lists/ContactListsPage";
import { ContactsPage } from "../pages/contacts/ContactsPage";
import { DashboardPage } from "../pages/dashboard/DashboardPage";
import { ForbiddenPage } from "../pages/errors/ForbiddenPage";
import { NotFoundPage } from "../pages/errors/NotFoundPage";
import { FilesPage } from "../pages/files/FilesPage";
import { FlowEditorPage } from "../pages/flowbuilder/FlowEditorPage";
import { FlowsPage } from "../pages/flows/FlowsPage";
import { HelpsPage } from "../pages/helps/HelpsPage";
import { InvoicesPage } from "../pages/invoices/InvoicesPage";
import { OpenInvoicesPage } from "../pages/invoices/OpenInvoicesPage";
import { KanbanPage } from "../pages/kanban/KanbanPage";
import { MessagesApiPage } from "../pages/messages-api/MessagesApiPage";
import { MomentsPage } from "../pages/moments/MomentsPage";
import { PhraseListsPage } from "../pages/phrase-lists/PhraseListsPage";
import { PromptsPage } from "../pages/prompts/PromptsPage";
import { QueueIntegrationsPage } from "../pages/queue-integration/QueueIntegrationsPage";
import { QueuesPage } from "../pages/queues/QueuesPage";
import { QuickMessagesPage } from "../pages/quick-messages/QuickMessagesPage";
import { ReportsPage } from "../pages/reports/ReportsPage";
import { SchedulesPage } from "../pages/schedules/SchedulesPage";
import { SettingsPage } from "../pages/settings/SettingsPage";
import { TagsKanbanPage } from "../pages/tags/TagsKanbanPage";
import { TagsPage } from "../pages/tags/TagsPage";
import { TicketsPage } from "../pages/tickets/TicketsPage";
import { TodoListPage } from "../pages/todolist/TodoListPage";
import { UsersPage } from "../pages/users/UsersPage";
import { EXPIRED_SUBSCRIPTION_PATH } from "./auth/subscription-notice";
import { HomeRoute } from "./guards/HomeRoute";
import { PublicOnly } from "./guards/PublicOnly";
import { RequireAuth } from "./guards/RequireAuth";
import { RequirePermission } from "./guards/RequirePermission";
import { canManageConnections, canSeeDashboard, canWatchMoments, isAdmin } from "./permissions";
import { SignedInLayout } from "./SignedInLayout";

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/recover-password" element={<RecoverPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<SignedInLayout />}>
          <Route
            index
            element={
              <HomeRoute>
                <DashboardPage />
              </HomeRoute>
            }
          />
          <Route
            path="/dashboard"
            element={
              <RequirePermission allow={canSeeDashboard}>
                <DashboardPage />
              </RequirePermission>
            }
          />
          <Route path="/tickets" element={<TicketsPage />} />
          <Route path="/tickets/:uuid" element={<TicketsPage />} />
          <Route path="/contacts" element={<ContactsPage />} />
          <Route path="/chats" element={<ChatsPage />} />
          <Route path="/chats/:uuid" element={<ChatsPage />} />
          <Route
            path="/campaigns"
            element={
              <RequirePermission allow={isAdmin}>
                <CampaignsPage />
              </RequirePermission>
            }
          />
          <Route
            path="/campaigns-config"
            element={
              <RequirePermission allow={isAdmin}>
                <CampaignSettingsPage />
              </RequirePermission>
            }
          />
          <Route
            path="/campaign/:campaignId/report"
            element={
              <RequirePermission allow={isAdmin}>
                <CampaignReportPage />
              </RequirePermission>
            }
          />
          <Route path="/contact-lists" element={<ContactListsPage />} />
          <Route
            path="/contact-lists/:contactListId/contacts"
            element={
              <RequirePermission allow={isAdmin}>
                <ContactListItemsPage />
              </RequirePermission>
            }
          />
          <Route path="/Kanban" element={<KanbanPage />} />
          <Route path="/TagsKanban" element={<TagsKanbanPage />} />
          <Route path="/tags" element={<TagsPage />} />
          <Route path="/schedules" element={<SchedulesPage />} />
          <Route
            path="/moments"
            element={
              <RequirePermission allow={canWatchMoments}>
                <MomentsPage />
              </RequirePermission>
            }
          />
          <Route path="/reports" element={<ReportsPage />} />
          <Route
            path="/users"
            element={
              <RequirePermission allow={isAdmin}>
                <UsersPage />
              </RequirePermission>
            }
          />
          <Route
            path="/queues"
            element={
              <RequirePermission allow={isAdmin}>
                <QueuesPage />
              </RequirePermission>
            }
          />
          <Route
            path="/connections"
            element={
              <RequirePermission allow={canManageConnections}>
                <ConnectionsPage />
              </RequirePermission>
            }
          />
          <Route path="/allConnections" element={<AllConnectionsRoute />} />
          <Route path="/companies" element={<CompaniesRoute />} />
          <Route
            path="/settings"
            element={
              <RequirePermission allow={isAdmin}>
                <SettingsPage />
              </RequirePermission>
            }
          />
          <Route path="/helps" element={<HelpsPage />} />
          <Route path="/quick-messages" element={<QuickMessagesPage />} />
          <Route path="/files" element={<FilesPage />} />
          <Route path="/messages-api" element={<MessagesApiPage />} />
          <Route path="/flowbuilders" element={<FlowsPage />} />
          <Route path="/flowbuilder/:id?" element={<FlowEditorPage />} />
          <Route path="/phrase-lists" element={<PhraseListsPage />} />
          <Route path="/queue-integration" element={<QueueIntegrationsPage />} />
          <Route path="/prompts" element={<PromptsPage />} />
          <Route path="/todolist" element={<TodoListPage />} />
          <Route
            path="/announcements"
            element={
              <RequirePermission allow={(user) => user.super}>
                <AnnouncementsPage />
              </RequirePermission>
            }
          />
          <Route path={EXPIRED_SUBSCRIPTION_PATH} element={<OpenInvoicesPage />} />
          <Route path="/financeiro" element={<InvoicesPage />} />
          <Route path="/subscription" element={<SubscribeNowPage />} />
          <Route path="/403" element={<ForbiddenPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

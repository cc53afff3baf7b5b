import { Alert, Paper, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../api/settings";
import { useCurrentUser } from "../../app/auth/auth-context";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { CompaniesTab } from "./companies/CompaniesTab";
import { HelpsTab } from "./helps/HelpsTab";
import { OptionsTab } from "./OptionsTab";
import { PlansTab } from "./plans/PlansTab";
import { SchedulesTab } from "./SchedulesTab";
import { WhitelabelTab } from "./whitelabel/WhitelabelTab";

type TabId = "options" | "schedules" | "plans" | "companies" | "helps" | "whitelabel";

/**
 * The settings panel (spec 2 section 2): options, schedules (only when
 * scheduleType is company) and, for super users, the platform's tabs
 * (companies, plans, helps, whitelabel). Profile user gets the
 * no-access view (the route's guard). Values follow the live settings events
 * (realtime/SettingsEvents) through the query cache.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const [tab, setTab] = useState<TabId>("options");

  const values = settings.data;
  const showSchedules = values?.scheduleType === "company";
  // A schedules tab left open while another tab changes scheduleType falls back to the options.
  const current: TabId = tab === "schedules" && !showSchedules ? "options" : tab;

  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_event, next: TabId) => setTab(next)}
          variant="scrollable"
          aria-label={t("settings.title")}
        >
          <Tab value="options" label={t("settings.tabs.options")} />
          {showSchedules && <Tab value="schedules" label={t("settings.tabs.schedules")} />}
          {user.super && <Tab value="companies" label={t("settings.tabs.companies")} />}
          {user.super && <Tab value="plans" label={t("settings.tabs.plans")} />}
          {user.super && <Tab value="helps" label={t("settings.tabs.helps")} />}
          {user.super && <Tab value="whitelabel" label={t("settings.tabs.whitelabel")} />}
        </Tabs>
      </Paper>
      {settings.isError ? (
        <Alert severity="error">{t("settings.loadError")}</Alert>
      ) : !values ? (
        <LoadingState />
      ) : current === "companies" && user.super ? (
        <CompaniesTab />
      ) : current === "plans" && user.super ? (
        <PlansTab />
      ) : current === "helps" && user.super ? (
        <HelpsTab />
      ) : current === "whitelabel" && user.super ? (
        <WhitelabelTab />
      ) : current === "options" ? (
        <OptionsTab values={values} isSuper={user.super} />
      ) : (
        <SchedulesTab companyId={user.companyId} />
      )}
    </>
  );
}

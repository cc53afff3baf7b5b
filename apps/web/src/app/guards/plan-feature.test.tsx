import type { UserDto } from "@inbox/shared";
import { act, screen } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/api-error";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { planFlagOfPath } from "../permissions";
import { MENU_ITEMS, visibleMenuItems } from "../shell/menu-items";
import { errorMessage } from "../toast/toast-error";
import { subscribeToToasts, type ToastMessage } from "../toast/toast-store";
import { PlanGatedOutlet, RequirePlanFeature } from "./RequirePlanFeature";

const SPEC_TOAST = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";

type Plan = NonNullable<NonNullable<UserDto["company"]>["plan"]>;
const allOn: Plan = {
  id: 1,
  name: "Plano",
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};
const userWith = (plan: Partial<Plan>) =>
  buildUser({
    profile: "admin",
    company: { id: 2, name: "Acme", dueDate: null, plan: { ...allOn, ...plan } },
  });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

let toasts: ToastMessage[];
let unsubscribe: () => void;
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  vi.useFakeTimers();
});
afterEach(() => {
  unsubscribe();
  vi.useRealTimers();
});

function renderAt(path: string, user: UserDto, page = <p>Agendamentos</p>) {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Where />} />
      <Route
        path="/schedules"
        element={<RequirePlanFeature flag="useSchedules">{page}</RequirePlanFeature>}
      />
      <Route element={<PlanGatedOutlet />}>
        <Route path="/Kanban" element={<p>Kanban</p>} />
        <Route path="/tickets" element={<p>Tickets</p>} />
      </Route>
    </Routes>,
    { auth: authValue({ user }), initialEntries: [path] },
  );
}

describe("RequirePlanFeature", () => {
  it("without the plan's flag: the spec's toast, nothing of the page, then / after 1 second", () => {
    renderAt("/schedules", userWith({ useSchedules: false }));
    expect(screen.queryByText("Agendamentos")).toBeNull();
    expect(toasts).toEqual([expect.objectContaining({ severity: "error", message: SPEC_TOAST })]);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId("where")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("where").textContent).toBe("/");
    expect(toasts).toHaveLength(1);
  });

  it("with the flag: the page, no toast, no redirect", () => {
    renderAt("/schedules", userWith({}));
    expect(screen.getByText("Agendamentos")).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText("Agendamentos")).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it("the outlet guards every screen under a gated path, whatever its case (/Kanban), and no other", () => {
    renderAt("/Kanban", userWith({ useKanban: false }));
    expect(screen.queryByText("Kanban")).toBeNull();
    expect(toasts.map((t) => t.message)).toEqual([SPEC_TOAST]);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("a screen outside the gated paths opens whatever the plan", () => {
    renderAt("/tickets", userWith({ useKanban: false, useSchedules: false, useInternalChat: false }));
    expect(screen.getByText("Tickets")).toBeTruthy();
    expect(toasts).toEqual([]);
  });
});

describe("plan-gated paths and the menu", () => {
  it("names the flag of each gated screen of the specs", () => {
    expect(planFlagOfPath("/schedules")).toBe("useSchedules");
    expect(planFlagOfPath("/chats/abc")).toBe("useInternalChat");
    expect(planFlagOfPath("/Kanban")).toBe("useKanban");
    expect(planFlagOfPath("/TagsKanban")).toBe("useKanban");
    expect(planFlagOfPath("/tags")).toBeUndefined();
    expect(planFlagOfPath("/campaign/4/report")).toBe("useCampaigns");
    expect(planFlagOfPath("/campaigns-config")).toBe("useCampaigns");
    expect(planFlagOfPath("/prompts")).toBe("useOpenAi");
    expect(planFlagOfPath("/queue-integration")).toBe("useIntegrations");
    expect(planFlagOfPath("/messages-api")).toBe("useExternalApi");
    expect(planFlagOfPath("/tickets")).toBeUndefined();
    expect(planFlagOfPath("/schedulesx")).toBeUndefined();
  });

  it("hides a menu item of a gated screen when the plan switches its flag off, even if the item names none", () => {
    const items = [...MENU_ITEMS, { ...MENU_ITEMS[1]!, to: "/schedules", planFlag: undefined }];
    const targets = (user: UserDto) => visibleMenuItems(user, items).map((item) => item.to);
    expect(targets(userWith({}))).toEqual(expect.arrayContaining(["/schedules", "/chats"]));
    const without = targets(userWith({ useSchedules: false, useInternalChat: false }));
    expect(without).not.toContain("/schedules");
    expect(without).not.toContain("/chats");
    expect(without).toContain("/tickets");
  });
});

describe("plan error codes", () => {
  it("a limit names the plan's number; a switched-off feature names the feature", () => {
    const limit = new ApiError(409, { error: "ERR_PLAN_CONNECTIONS_LIMIT", message: "x", limit: 3 });
    expect(errorMessage(limit)).toBe(
      "Seu plano permite até 3 conexões. Exclua uma conexão ou mude de plano.",
    );
    const users = new ApiError(409, { error: "ERR_USER_CREATION_COUNT", message: "x", limit: 5 });
    expect(errorMessage(users)).toContain("até 5 usuários");
    const feature = new ApiError(403, { error: "ERR_PLAN_NO_SCHEDULES", message: "x" });
    expect(errorMessage(feature)).toBe("O plano da sua empresa não inclui agendamentos.");
  });
});

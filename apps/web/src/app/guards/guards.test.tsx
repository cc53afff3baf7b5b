import { screen } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { canSeeDashboard } from "../permissions";
import { HomeRoute } from "./HomeRoute";
import { PublicOnly } from "./PublicOnly";
import { RequireAuth } from "./RequireAuth";
import { RequirePermission } from "./RequirePermission";

/** Shows where the router ended up and the origin it carried. */
function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? "";
  return <p data-testid="probe">{`${name} ${location.pathname} from=${from}`}</p>;
}

function TestRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LocationProbe name="login" />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route
          path="/"
          element={
            <RequirePermission allow={canSeeDashboard}>
              <LocationProbe name="dashboard" />
            </RequirePermission>
          }
        />
        <Route path="/users" element={<LocationProbe name="users" />} />
      </Route>
    </Routes>
  );
}

describe("route guards", () => {
  it("sends a guest from a private screen to /login, keeping the origin", () => {
    renderWithProviders(<TestRoutes />, { initialEntries: ["/users?searchParam=ana"] });
    expect(screen.getByTestId("probe").textContent).toBe("login /login from=/users?searchParam=ana");
  });

  it("lets a signed-in user open a private screen", () => {
    renderWithProviders(<TestRoutes />, {
      auth: authValue({ user: buildUser() }),
      initialEntries: ["/users"],
    });
    expect(screen.getByTestId("probe").textContent).toBe("users /users from=");
  });

  it("sends a signed-in user away from a public screen to /", () => {
    const auth = authValue({ user: buildUser({ profile: "admin" }) });
    renderWithProviders(<TestRoutes />, { auth, initialEntries: ["/login"] });
    expect(screen.getByTestId("probe").textContent).toBe("dashboard / from=");
  });

  it("waits for the stored session check before deciding", () => {
    renderWithProviders(<TestRoutes />, { auth: authValue({ loading: true }), initialEntries: ["/users"] });
    expect(screen.queryByTestId("probe")).toBeNull();
    expect(screen.getByRole("status")).toBeTruthy();
  });

  it("shows the 403 view on the dashboard to a user without showDashboard", () => {
    const auth = authValue({ user: buildUser({ profile: "user", showDashboard: "disabled" }) });
    renderWithProviders(<TestRoutes />, { auth, initialEntries: ["/"] });
    expect(screen.queryByTestId("probe")).toBeNull();
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe("/tickets");
  });

  it("opens the dashboard to a user with showDashboard enabled", () => {
    const auth = authValue({ user: buildUser({ showDashboard: "enabled" }) });
    renderWithProviders(<TestRoutes />, { auth, initialEntries: ["/"] });
    expect(screen.getByTestId("probe").textContent).toBe("dashboard / from=");
  });

  it("sends a user who may not see the dashboard from / to /tickets instead of the 403 view", () => {
    const auth = authValue({ user: buildUser({ profile: "user", showDashboard: "disabled" }) });
    renderWithProviders(<HomeRoutes />, { auth, initialEntries: ["/"] });
    expect(screen.getByTestId("probe").textContent).toBe("tickets /tickets from=");
    expect(screen.queryByText("Oops! Acesso Negado!")).toBeNull();
  });

  it("keeps the dashboard as the home of admins and of users with showDashboard", () => {
    for (const user of [
      buildUser({ profile: "admin", showDashboard: "disabled" }),
      buildUser({ profile: "user", showDashboard: "enabled" }),
    ]) {
      const { unmount } = renderWithProviders(<HomeRoutes />, {
        auth: authValue({ user }),
        initialEntries: ["/"],
      });
      expect(screen.getByTestId("probe").textContent).toBe("dashboard / from=");
      unmount();
    }
  });
});

/** The app's home route: the dashboard behind HomeRoute, and the tickets screen. */
function HomeRoutes() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route
          path="/"
          element={
            <HomeRoute>
              <LocationProbe name="dashboard" />
            </HomeRoute>
          }
        />
        <Route path="/tickets" element={<LocationProbe name="tickets" />} />
      </Route>
    </Routes>
  );
}

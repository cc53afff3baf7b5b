import type { UserDto } from "@inbox/shared";
import { ThemeProvider } from "@mui/material/styles";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, type MemoryRouterProps } from "react-router";
import { AuthContext, type AuthContextValue } from "../app/auth/auth-context";
import { createAppTheme } from "../app/theme";

export function buildUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 1,
    companyId: 2,
    name: "Ana Souza",
    email: "ana@example.com",
    profile: "user",
    super: false,
    online: true,
    startWork: "00:00",
    endWork: "23:59",
    farewellMessage: null,
    allTicket: "disable",
    allowGroup: false,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "disabled",
    allUserChat: "disabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    whatsappId: null,
    profileImage: null,
    defaultTicketsManagerWidth: 404,
    queues: [],
    company: { id: 2, name: "Acme", dueDate: "2999-12-31" },
    tokenVersion: 1,
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function authValue(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    loading: false,
    login: async () => {},
    logout: async () => {},
    updateUser: () => {},
    ...overrides,
  };
}

/** Render inside a memory router, a theme and a given auth state. */
export function renderWithProviders(
  ui: ReactElement,
  options: { auth?: AuthContextValue; initialEntries?: MemoryRouterProps["initialEntries"] } = {},
) {
  return render(
    <ThemeProvider theme={createAppTheme("light")}>
      <AuthContext.Provider value={options.auth ?? authValue()}>
        <MemoryRouter initialEntries={options.initialEntries ?? ["/"]}>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </ThemeProvider>,
  );
}

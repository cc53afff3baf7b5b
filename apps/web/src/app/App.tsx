import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { AppThemeProvider } from "./AppThemeProvider";
import { AuthProvider } from "./auth/AuthProvider";
import { createQueryClient } from "./query-client";
import { ToastProvider } from "./toast/ToastProvider";
import { VersionUpdatePopup } from "./version/VersionUpdatePopup";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    // Location updates are urgent, not transitions: after login the user and the
    // new location must land in the same render, or the public-screen guard
    // would redirect to / before the login's own navigation.
    <BrowserRouter useTransitions={false}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppThemeProvider>
            <ToastProvider>
              <AppRoutes />
              <VersionUpdatePopup />
            </ToastProvider>
          </AppThemeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}

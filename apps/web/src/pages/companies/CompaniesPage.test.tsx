import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { CompaniesRoute } from "./CompaniesPage";

let unsubscribe = () => {};
afterEach(() => unsubscribe());

describe("/companies", () => {
  it("tells a user who is not super and sends them home", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    renderWithProviders(
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/companies" element={<CompaniesRoute />} />
      </Routes>,
      {
        auth: authValue({ user: buildUser({ profile: "admin", super: false }) }),
        initialEntries: ["/companies"],
      },
    );
    expect(await screen.findByText("home", undefined, { timeout: 5000 })).toBeTruthy();
    expect(toasts[0]).toMatchObject({
      severity: "error",
      message: "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
    });
  });
});

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { LoginForm, type LoginValues } from "./LoginForm";

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("LoginForm", () => {
  it("shows the spec's message for a bad e-mail and does not submit", async () => {
    const onSubmit = vi.fn(async (_values: LoginValues) => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    fill("Email", "not-an-email");
    fill("Senha", "secret1");
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

    expect(await screen.findByText("Por favor, insira um email válido.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the spec's message for a short password", async () => {
    const onSubmit = vi.fn(async (_values: LoginValues) => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    fill("Email", "ana@example.com");
    fill("Senha", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

    expect(await screen.findByText("A senha deve ter pelo menos 6 caracteres.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the trimmed credentials when they are valid", async () => {
    const onSubmit = vi.fn(async (_values: LoginValues) => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    expect(screen.getByLabelText("Email").getAttribute("name")).toBe("email");
    expect(screen.getByLabelText("Senha").getAttribute("name")).toBe("password");
    fill("Email", "  ana@example.com ");
    fill("Senha", "secret1");
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: "ana@example.com", password: "secret1" });
  });
});

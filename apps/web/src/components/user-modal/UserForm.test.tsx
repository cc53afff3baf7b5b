import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/api-error";
import { buildUser, renderWithProviders } from "../../test/render";
import { UserForm } from "./UserForm";
import { toFormValues, type UserFormValues } from "./user-form-schema";

function renderForm(options: { admin: boolean; editing?: boolean; onSubmit?: () => Promise<void> }) {
  const onSubmit = vi.fn<(values: UserFormValues, image: File | null) => Promise<void>>(
    options.onSubmit ?? (async () => {}),
  );
  renderWithProviders(
    <UserForm
      editing={options.editing ?? false}
      admin={options.admin}
      initialValues={toFormValues(options.editing ? buildUser() : undefined)}
      imageUrl={null}
      queues={[{ id: 3, name: "Sales", color: "#ff0000" }]}
      connections={[]}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const type = (name: string, value: string) => {
  const element = input(name);
  if (!element) throw new Error(`no input ${name}`);
  fireEvent.change(element, { target: { value } });
};

describe("UserForm", () => {
  it("shows 'Invalid email' under the e-mail field and does not save", async () => {
    const onSubmit = renderForm({ admin: true });
    type("name", "Bruno");
    type("email", "bruno-at-example");
    type("password", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Invalid email")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the spec's length messages for the name and password", async () => {
    renderForm({ admin: true });
    type("name", "B");
    type("email", "bruno@example.com");
    type("password", "1234");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findAllByText("Too Short!")).toHaveLength(2);
  });

  it("hides profile, queues, hours and permissions from a non-admin", () => {
    renderForm({ admin: false, editing: true });
    expect(input("name")).not.toBeNull();
    expect(
      input("farewellMessage") ?? document.querySelector('textarea[name="farewellMessage"]'),
    ).not.toBeNull();
    for (const name of ["profile", "queueIds", "whatsappId", "startWork", "showDashboard", "allTicket"]) {
      expect(input(name), name).toBeNull();
    }
  });

  it("shows the admin fields, with the 10-minute step on working hours", () => {
    renderForm({ admin: true });
    expect(input("profile")).not.toBeNull();
    expect(input("startWork")?.getAttribute("step")).toBe("600");
    expect(input("endWork")?.value).toBe("23:59");
    expect(input("userClosePendingTicket")?.checked).toBe(true);
    expect(input("showDashboard")?.checked).toBe(false);
  });

  it("submits valid values and keeps an empty password when editing", async () => {
    const onSubmit = renderForm({ admin: false, editing: true });
    type("name", "Ana Lima");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: "Ana Lima",
      email: "ana@example.com",
      password: "",
    });
  });

  it("puts a duplicated e-mail answer from the server under the e-mail field", async () => {
    renderForm({
      admin: true,
      onSubmit: async () => {
        throw new ApiError(400, { error: "ERR_USER_EMAIL_ALREADY_EXISTS", message: "exists" });
      },
    });
    type("name", "Bruno");
    type("email", "bruno@example.com");
    type("password", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Já existe um usuário com este email.")).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { curlExamples } from "./ApiDocs";
import { MessagesApiPage } from "./MessagesApiPage";

const TOKEN = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy";

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/**
 * The messages API as the lead's route answers it: the bearer must be a known connection token
 * (else 401 ERR_INVALID_API_TOKEN), the number is required (else 400 ERR_VALIDATION naming it),
 * and a send answers the ticket and message ids.
 */
function serve(options: { tooMany?: boolean } = {}) {
  const seen: Seen[] = [];
  const onUnauthorized = vi.fn();
  configureApiClient({
    onUnauthorized,
    fetch: async (url, init) => {
      const headers = new Headers(init.headers);
      const body =
        init.body instanceof FormData
          ? init.body
          : typeof init.body === "string"
            ? JSON.parse(init.body)
            : undefined;
      seen.push({ method: init.method ?? "GET", url, headers, credentials: init.credentials, body });
      if (init.method !== "POST" || url !== "/api/messages/send") return unknownRequest(init.method, url);
      if (headers.get("Authorization") !== `Bearer ${TOKEN}`)
        return Response.json({ error: "ERR_INVALID_API_TOKEN", message: "Invalid token" }, { status: 401 });
      if (options.tooMany)
        return Response.json({ error: "ERR_TOO_MANY_REQUESTS", message: "Slow down" }, { status: 429 });
      const number = body instanceof FormData ? body.get("number") : (body as { number?: string }).number;
      if (number === "0")
        return Response.json(
          { error: "ERR_VALIDATION", message: "Invalid number", field: "number" },
          { status: 400 },
        );
      return Response.json({ message: "Mensagem enviada", ticketId: 9, messageIds: [41] });
    },
  });
  return { seen, onUnauthorized };
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
});
afterEach(() => {
  unsubscribe();
  configureApiClient({ onUnauthorized: () => {} });
});

function renderPage() {
  renderWithProviders(<MessagesApiPage />, {
    auth: authValue({ user: buildUser({ profile: "admin" }) }),
    initialEntries: ["/messages-api"],
  });
}

const form = (name: string) => screen.getByRole("form", { name });
const textForm = () => form("Testar envio de texto");
const mediaForm = () => form("Testar envio de mídia");
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const send = (scope: HTMLElement) => fireEvent.click(within(scope).getByRole("button", { name: "Enviar" }));
const pdf = new File(["%PDF-1.4"], "boleto.pdf", { type: "application/pdf" });

describe("MessagesApiPage", () => {
  it("documents the endpoint at this origin with both curl examples and the answer", () => {
    serve();
    renderPage();
    const url = `${window.location.origin}/api/messages/send`;
    expect(screen.getByRole("heading", { name: "API de Mensagens" })).toBeTruthy();
    expect((screen.getByLabelText("Endpoint") as HTMLInputElement).value).toBe(url);
    const examples = curlExamples(url, { body: "Olá!", caption: "Legenda", path: "/caminho/arquivo.pdf" });
    expect(screen.getByLabelText("Exemplo: texto").textContent).toBe(examples.text);
    expect(examples.text).toContain("-H 'Content-Type: application/json'");
    expect(screen.getByLabelText("Exemplo: mídia").textContent).toBe(examples.media);
    expect(examples.media).toContain("-F 'medias=@/caminho/arquivo.pdf'");
    expect(JSON.parse(screen.getByLabelText("Resposta (200)").textContent ?? "")).toEqual({
      message: "Mensagem enviada",
      ticketId: 123,
      messageIds: [456],
    });
  });

  it("requires token, number and body before sending a text, and sends nothing", () => {
    const { seen } = serve();
    renderPage();
    send(textForm());
    expect(within(textForm()).getAllByText("Obrigatório")).toHaveLength(3);
    expect(seen).toEqual([]);
  });

  it("sends a text as JSON with the connection's token, toasts and clears the form", async () => {
    const { seen, onUnauthorized } = serve();
    renderPage();
    type(textForm(), /Token da conexão/, TOKEN);
    type(textForm(), /Número/, "5511999999999");
    type(textForm(), /Mensagem/, "Olá do sistema");
    send(textForm());
    expect(within(textForm()).getByRole("button", { name: "Enviando..." })).toHaveProperty("disabled", true);
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ severity: "success" })]));
    expect(toasts[0]?.message).toBe("Mensagem enviada com sucesso");
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get("Content-Type")).toBe("application/json");
    expect(request?.credentials).toBe("omit");
    expect(request?.body).toEqual({ number: "5511999999999", body: "Olá do sistema" });
    for (const label of [/Token da conexão/, /Número/, /Mensagem/])
      expect((within(textForm()).getByLabelText(label) as HTMLInputElement).value).toBe("");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("requires a file for media, then sends it as multipart with the file name as the default caption", async () => {
    const { seen } = serve();
    renderPage();
    type(mediaForm(), /Token da conexão/, TOKEN);
    type(mediaForm(), /Número/, "5511988887777");
    send(mediaForm());
    expect(within(mediaForm()).getByText("Escolha um arquivo")).toBeTruthy();
    expect(seen).toEqual([]);
    fireEvent.change(screen.getByTestId("messages-api-file"), { target: { files: [pdf] } });
    expect(within(mediaForm()).getByText("boleto.pdf")).toBeTruthy();
    send(mediaForm());
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(["Mensagem enviada com sucesso"]),
    );
    const [request] = seen;
    expect(request?.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get("Content-Type")).toBeNull();
    const body = request?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("number")).toBe("5511988887777");
    expect(body.get("body")).toBe("boleto.pdf");
    const file = body.get("medias") as File;
    expect(file.name).toBe("boleto.pdf");
    expect(file.size).toBe(pdf.size);
    expect(file.type).toBe("application/pdf");
    expect(within(mediaForm()).getByText("Nenhum arquivo escolhido.")).toBeTruthy();
  });

  it("sends the typed caption with the media", async () => {
    const { seen } = serve();
    renderPage();
    type(mediaForm(), /Token da conexão/, TOKEN);
    type(mediaForm(), /Número/, "5511988887777");
    type(mediaForm(), /Legenda/, "Seu boleto");
    fireEvent.change(screen.getByTestId("messages-api-file"), { target: { files: [pdf] } });
    send(mediaForm());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect((seen[0]!.body as FormData).get("body")).toBe("Seu boleto");
  });

  it("shows the translated error of a wrong token, keeps the form and the session", async () => {
    const { onUnauthorized } = serve();
    renderPage();
    type(textForm(), /Token da conexão/, "wrong");
    type(textForm(), /Número/, "5511999999999");
    type(textForm(), /Mensagem/, "Oi");
    send(textForm());
    const message = "Token de API inválido: use o token de uma das suas conexões.";
    await waitFor(() => expect(toasts).toEqual([{ id: expect.any(Number), severity: "error", message }]));
    expect(within(textForm()).getByText(message)).toBeTruthy();
    expect((within(textForm()).getByLabelText(/Mensagem/) as HTMLInputElement).value).toBe("Oi");
    expect(within(textForm()).getByRole("button", { name: "Enviar" })).toHaveProperty("disabled", false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("marks the field the server refuses and translates a rate limit", async () => {
    serve();
    renderPage();
    type(textForm(), /Token da conexão/, TOKEN);
    type(textForm(), /Número/, "0");
    type(textForm(), /Mensagem/, "Oi");
    send(textForm());
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(["Verifique os dados informados."]),
    );
    expect(within(textForm()).getByText("Verifique os dados informados.")).toBeTruthy();

    serve({ tooMany: true });
    type(textForm(), /Número/, "5511999999999");
    send(textForm());
    await waitFor(() =>
      expect(toasts.at(-1)?.message).toBe("Muitas tentativas. Aguarde um pouco e tente novamente."),
    );
  });
});

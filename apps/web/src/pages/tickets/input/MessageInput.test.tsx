import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";

vi.mock("./EmojiPickerPanel", () => ({
  default: ({ onPick }: { onPick: (emoji: string) => void }) => (
    <div>
      {["👍", "🎉"].map((emoji) => (
        <button key={emoji} type="button" onClick={() => onPick(emoji)}>
          {`pick ${emoji}`}
        </button>
      ))}
    </div>
  ),
}));

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const openTicket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });
const sent = (seen: SeenRequest[]) => seen.filter((r) => r.method === "POST" && r.path === "/messages/4");
const answer = (request: SeenRequest) =>
  buildMessage({ id: 99, ticketId: 4, fromMe: true, body: (request.body as { body: string }).body });

async function input() {
  return (await screen.findByRole("textbox", { name: "Mensagem" })) as HTMLTextAreaElement;
}

describe("message input", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends on Enter, not on Shift+Enter, and never an empty trimmed text; shows the answer", async () => {
    const seen = serveConversation(openTicket, [], { "POST /messages/4": answer });
    renderConversation(me, openTicket);
    const box = await input();
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.change(box, { target: { value: "Olá" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(sent(seen)).toHaveLength(0);
    fireEvent.change(box, { target: { value: "  Olá, tudo bem?  " } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    expect(sent(seen)[0]?.body).toMatchObject({ body: "Olá, tudo bem?", isPrivate: false, quotedMsg: null });
    const list = await screen.findByRole("list", { name: "Mensagens" });
    expect(await within(list).findByText("Olá, tudo bem?")).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("keeps the signature and private toggles in localStorage and applies them", async () => {
    const seen = serveConversation(openTicket, [], { "POST /messages/4": answer });
    renderConversation(me, openTicket);
    const box = await input();
    fireEvent.click(screen.getByRole("switch", { name: "Assinar mensagens" }));
    expect(localStorage.getItem("signOption")).toBe("true");
    fireEvent.change(box, { target: { value: "Oi" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    // The server signs (sendSignMessage): the text goes as typed, with the toggle.
    expect(sent(seen)[0]?.body).toMatchObject({ body: "Oi", isPrivate: false, signMessage: true });

    fireEvent.click(screen.getByRole("switch", { name: "Nota interna" }));
    expect(localStorage.getItem("privateMessage")).toBe("true");
    fireEvent.change(box, { target: { value: "Só para a equipe" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(sent(seen)).toHaveLength(2));
    // A private note is not signed.
    expect(sent(seen)[1]?.body).toMatchObject({
      body: "Só para a equipe",
      isPrivate: true,
      signMessage: false,
    });
  });

  it("shows note mode plainly, still on after a note is sent, until it is turned off", async () => {
    const seen = serveConversation(openTicket, [], { "POST /messages/4": answer });
    renderConversation(me, openTicket);
    const box = await input();
    const notice = () =>
      screen.queryAllByRole("status").find((el) => el.textContent?.includes("Modo nota interna ativo"));
    expect(notice()).toBeUndefined();
    fireEvent.click(screen.getByRole("switch", { name: "Nota interna" }));
    expect(notice()).toBeTruthy();
    expect(box.placeholder).toBe("Nota interna: só a equipe verá");

    fireEvent.change(box, { target: { value: "Cliente pediu retorno amanhã" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    await waitFor(() => expect(box.value).toBe(""));
    // After the note: still in note mode, and it shows.
    expect(notice()).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Nota interna" }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Sair do modo nota" }));
    expect(notice()).toBeUndefined();
    expect((screen.getByRole("switch", { name: "Nota interna" }) as HTMLInputElement).checked).toBe(false);
    expect(box.placeholder).toBe("Digite uma mensagem");
  });

  it("hides the sign toggle and never asks for a signature when the company disabled sendSignMessage", async () => {
    localStorage.setItem("signOption", "true");
    const seen = serveConversation(openTicket, [], { "POST /messages/4": answer });
    const unsigned = buildUser({
      id: 7,
      name: "Ana",
      companyId: 2,
      company: {
        id: 2,
        name: "Empresa",
        dueDate: null,
        companieSettings: [{ key: "sendSignMessage", value: "disabled" }],
      },
    });
    renderConversation(unsigned, openTicket);
    const box = await input();
    expect(screen.queryByRole("switch", { name: "Assinar mensagens" })).toBeNull();
    fireEvent.change(box, { target: { value: "Oi" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    expect(sent(seen)[0]?.body).toMatchObject({ body: "Oi", signMessage: false });
  });

  it("offers quick replies on '/', moves with the arrows and picks with Enter", async () => {
    const seen = serveConversation(openTicket, [], {
      "GET /quick-messages/list": () => [
        {
          id: 1,
          shortcode: "bomdia",
          message: "Bom dia! Como posso ajudar?",
          mediaPath: null,
          mediaName: null,
          geral: true,
          userId: null,
        },
        {
          id: 2,
          shortcode: "boanoite",
          message: "Boa noite!",
          mediaPath: null,
          mediaName: null,
          geral: true,
          userId: null,
        },
      ],
    });
    renderConversation(me, openTicket);
    const box = await input();
    fireEvent.change(box, { target: { value: "/bo" } });
    const list = await screen.findByRole("listbox", { name: "Respostas rápidas" });
    expect(within(list).getAllByRole("option")).toHaveLength(2);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Boa noite!");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(sent(seen)).toHaveLength(0);
  });

  it("says so when no quick message matches the '/' text (or none exists)", async () => {
    serveConversation(openTicket, [], { "GET /quick-messages/list": () => [] });
    renderConversation(me, openTicket);
    const box = await input();
    fireEvent.change(box, { target: { value: "/nada" } });
    const list = await screen.findByRole("listbox", { name: "Respostas rápidas" });
    expect(within(list).getByText(/Nenhuma resposta rápida encontrada/)).toBeTruthy();
    fireEvent.change(box, { target: { value: "nada" } });
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("inserts the picked emoji at the cursor, replacing a selection", async () => {
    serveConversation(openTicket, []);
    renderConversation(me, openTicket);
    const box = await input();
    fireEvent.change(box, { target: { value: "Oi tudo bem" } });
    box.setSelectionRange(2, 2);
    fireEvent.click(screen.getByRole("button", { name: "Emojis" }));
    // The picker (emoji-picker-react, loaded lazily; a stand-in here) hands over the emoji.
    fireEvent.click(await screen.findByRole("button", { name: "pick 👍" }));
    await waitFor(() => expect(box.value).toBe("Oi👍 tudo bem"));
    // The caret lands after the emoji on the next frame; select only after it has, or that frame undoes the selection.
    await waitFor(() => expect(box.selectionStart).toBe("Oi👍".length));

    box.setSelectionRange(5, 9);
    fireEvent.click(screen.getByRole("button", { name: "Emojis" }));
    fireEvent.click(await screen.findByRole("button", { name: "pick 🎉" }));
    await waitFor(() => expect(box.value).toBe("Oi👍 🎉 bem"));
  });

  it("previews attachments with a caption each and sends them as multipart", async () => {
    const seen = serveConversation(openTicket, [], {
      "POST /messages/4": () =>
        buildMessage({ id: 98, ticketId: 4, fromMe: true, mediaType: "image", body: "Foto" }),
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    renderConversation(me, openTicket);
    await input();
    const photo = new File(["png"], "foto.png", { type: "image/png" });
    const pdf = new File(["pdf"], "nota.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("attach-input"), { target: { files: [photo, pdf] } });
    const dialog = await screen.findByRole("dialog", { name: "Enviar arquivos" });
    expect(within(dialog).getByRole("img", { name: "foto.png" })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Legenda de foto.png" }), {
      target: { value: "Foto" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    const form = sent(seen)[0]!.body as FormData;
    expect(form.getAll("body")).toEqual(["Foto", ""]);
    expect((form.getAll("medias") as File[]).map((file) => file.name)).toEqual(["foto.png", "nota.pdf"]);
    expect(form.get("isPrivate")).toBe("false");
  });

  it("refuses a file type the spec does not list", async () => {
    serveConversation(openTicket, []);
    renderConversation(me, openTicket);
    await input();
    const font = new File(["x"], "fonte.ttf", { type: "font/ttf" });
    fireEvent.change(screen.getByTestId("attach-input"), { target: { files: [font] } });
    expect(await screen.findByText("Tipo de arquivo não aceito: fonte.ttf")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is disabled on a pending ticket, with the reason", async () => {
    const pending = buildTicket({ id: 4, status: "pending" });
    serveConversation(pending, []);
    renderConversation(me, pending);
    const box = await input();
    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe("Aceite o atendimento para responder.");
  });

  it("records audio: discards a recording under 10,000 bytes and sends a longer one", async () => {
    const seen = serveConversation(openTicket, [], {
      "POST /messages/4": () =>
        buildMessage({ id: 97, ticketId: 4, fromMe: true, mediaType: "audio", body: "" }),
    });
    let size = 500;
    class FakeRecorder extends EventTarget {
      mimeType = "audio/webm";
      state = "inactive";
      constructor(public stream: { getTracks: () => { stop: () => void }[] }) {
        super();
      }
      start() {
        this.state = "recording";
      }
      stop() {
        this.state = "inactive";
        const data = new Blob([new Uint8Array(size)], { type: "audio/webm" });
        this.dispatchEvent(Object.assign(new Event("dataavailable"), { data }));
        this.dispatchEvent(new Event("stop"));
      }
    }
    vi.stubGlobal("MediaRecorder", FakeRecorder);
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop: () => {} }] }) },
    });
    renderConversation(me, openTicket);
    await input();
    fireEvent.click(screen.getByRole("button", { name: "Gravar áudio" }));
    expect(await screen.findByRole("timer")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Enviar áudio" })));
    expect(await screen.findByText("Gravação muito curta: descartada.")).toBeTruthy();
    expect(sent(seen)).toHaveLength(0);

    size = 20_000;
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Gravar áudio" })));
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Enviar áudio" })));
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
    const file = (sent(seen)[0]!.body as FormData).get("medias") as File;
    // Named and typed for what the recorder made (the server converts it for the channel).
    expect(file.name).toMatch(/^audio-\d+\.webm$/);
    expect(file.type).toBe("audio/webm");
    expect(file.size).toBe(20_000);
  });
});

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { cameraProblem } from "./CameraDialog";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });
const sends = (seen: SeenRequest[]) => seen.filter((r) => r.method === "POST" && r.path === "/messages/4");

function fakeCamera(getUserMedia: MediaDevices["getUserMedia"] | undefined) {
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: getUserMedia ? { getUserMedia } : undefined,
  });
}

/** jsdom's Blob has no text(): read it the older way. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function openCamera() {
  fireEvent.click(await screen.findByRole("button", { name: "Mais opções de anexo" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Câmera" }));
  return screen.findByRole("dialog", { name: "Tirar foto" });
}

describe("camera capture", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    fakeCamera(undefined);
  });

  it("names the problem of each getUserMedia failure", () => {
    expect(cameraProblem(new DOMException("x", "NotAllowedError"))).toBe("denied");
    expect(cameraProblem(new DOMException("x", "NotFoundError"))).toBe("notFound");
    expect(cameraProblem(new DOMException("x", "NotReadableError"))).toBe("busy");
    expect(cameraProblem(new Error("x"))).toBe("failed");
  });

  it("captures a JPEG frame, hands it to the attachments dialog and sends it; the camera is released", async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
    fakeCamera(getUserMedia);
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback, type) => {
      callback(new Blob(["jpeg-bytes"], { type }));
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    const seen = serveConversation(ticket, [], {
      "POST /messages/4": () =>
        buildMessage({ id: 96, ticketId: 4, fromMe: true, mediaType: "image", body: "Minha foto" }),
    });
    renderConversation(me, ticket);
    const dialog = await openCamera();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "user" }, audio: false });
    const capture = within(dialog).getByRole("button", { name: "Capturar" });
    expect(within(dialog).getByText("Abrindo a câmera...")).toBeTruthy();
    expect(capture.hasAttribute("disabled")).toBe(true);
    const video = await within(dialog).findByLabelText("Imagem da câmera");
    expect((video as HTMLVideoElement).srcObject).toBeTruthy();
    act(() => {
      fireEvent(video, new Event("loadedmetadata"));
    });
    await waitFor(() => expect(capture.hasAttribute("disabled")).toBe(false));
    fireEvent.click(capture);

    const preview = await screen.findByRole("dialog", { name: "Enviar arquivos" });
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 480);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Tirar foto" })).toBeNull());
    expect(stop).toHaveBeenCalled();
    const image = within(preview).getByRole("img", { name: /^foto-\d{14}\.jpg$/ });
    const name = image.getAttribute("alt") ?? "";
    fireEvent.change(within(preview).getByRole("textbox", { name: `Legenda de ${name}` }), {
      target: { value: "Minha foto" },
    });
    fireEvent.click(within(preview).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sends(seen)).toHaveLength(1));
    const form = sends(seen)[0]?.body as FormData;
    const file = form.get("medias") as File;
    expect(file.name).toBe(name);
    expect(file.type).toBe("image/jpeg");
    expect(await readText(file)).toBe("jpeg-bytes");
    expect(form.getAll("body")).toEqual(["Minha foto"]);
  });

  it("says so when the camera permission is refused, and when the browser has no camera API", async () => {
    fakeCamera(async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    });
    serveConversation(ticket, []);
    const view = renderConversation(me, ticket);
    const dialog = await openCamera();
    expect(
      await within(dialog).findByText(
        "Permissão para usar a câmera negada. Libere o acesso nas configurações do navegador.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Capturar" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Tirar foto" })).toBeNull());
    expect(view).toBeTruthy();

    fakeCamera(undefined);
    const again = await openCamera();
    expect(await within(again).findByText("Este navegador não permite acessar a câmera.")).toBeTruthy();
  });
});

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { downloadNameOf, formatFileSize } from "./DocumentCard";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7 });

describe("formatFileSize", () => {
  it("writes sizes in the user's number format", () => {
    expect(formatFileSize(1_258_291, "pt-BR")).toBe("1,2 MB");
    expect(formatFileSize(1_258_291, "en")).toBe("1.2 MB");
    expect(formatFileSize(830 * 1024, "pt-BR")).toBe("830 KB");
    expect(formatFileSize(12, "pt-BR")).toBe("12 B");
    expect(formatFileSize(3 * 1024 ** 3, "pt-BR")).toBe("3 GB");
  });
});

describe("downloadNameOf", () => {
  it("saves under the shown name with the extension the server chose from the bytes", () => {
    expect(downloadNameOf("invoice.html", "/public/company2/media/9-x.bin")).toBe("invoice.bin");
    expect(downloadNameOf("nota.fiscal.pdf", "/public/company2/media/1-a.pdf?v=2")).toBe("nota.fiscal.pdf");
    expect(downloadNameOf("LEIAME", "/public/company2/media/2-b.txt")).toBe("LEIAME.txt");
    expect(downloadNameOf(".bashrc", "/public/company2/media/3-c.bin")).toBe(".bashrc.bin");
  });
});

describe("the document card", () => {
  it("shows the file's name, its size and a keyboard-reachable download button", async () => {
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        mediaType: "application",
        mediaUrl: "/public/company2/media/123-abc.pdf",
        body: "nota-fiscal.pdf",
        details: { fileName: "nota-fiscal.pdf", fileSize: 1_258_291 },
      }),
      buildMessage({
        id: 2,
        ticketId: 4,
        mediaType: "application",
        mediaUrl: "/public/company2/media/456-def.xlsx",
        body: "segue a planilha",
      }),
    ]);
    renderConversation(me, ticket);
    const cards = await screen.findAllByTestId("document-card");
    expect(cards).toHaveLength(2);
    const [pdf, sheet] = cards as [HTMLElement, HTMLElement];

    expect(within(pdf).getByText("nota-fiscal.pdf")).toBeTruthy();
    expect(within(pdf).getByText("1,2 MB")).toBeTruthy();
    expect(pdf.querySelector('[data-testid="PictureAsPdfIcon"]')).not.toBeNull();
    const download = within(pdf).getByRole("link", { name: "Baixar nota-fiscal.pdf" });
    expect(download.getAttribute("href")).toBe("/public/company2/media/123-abc.pdf");
    expect(download.getAttribute("download")).toBe("nota-fiscal.pdf");
    download.focus();
    expect(document.activeElement).toBe(download);
    // The body only repeated the file name: it is not shown a second time.
    expect(screen.getAllByText("nota-fiscal.pdf")).toHaveLength(1);

    // Without the sender's name the stored file's name is shown, with its type's icon; the caption follows.
    expect(within(sheet).getByText("456-def.xlsx")).toBeTruthy();
    expect(sheet.querySelector('[data-testid="TableChartIcon"]')).not.toBeNull();
    expect(within(sheet).getByRole("link", { name: "Baixar 456-def.xlsx" })).toBeTruthy();
    expect(screen.getByText("segue a planilha")).toBeTruthy();
  });
});

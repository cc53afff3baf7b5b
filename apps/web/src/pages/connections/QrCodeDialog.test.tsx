import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildConnection } from "../../test/connections";
import { QrCodeDialog } from "./QrCodeDialog";

describe("QrCodeDialog", () => {
  it("draws the session's QR code and follows a new one", () => {
    const onClose = vi.fn();
    const waiting = buildConnection({ name: "Loja", status: "qrcode", qrcode: "2@first" });
    const { rerender } = render(<QrCodeDialog open connection={waiting} onClose={onClose} />);
    const first = screen.getByTestId("connection-qrcode").innerHTML;
    rerender(<QrCodeDialog open connection={{ ...waiting, qrcode: "2@second" }} onClose={onClose} />);
    expect(screen.getByTestId("connection-qrcode").innerHTML).not.toBe(first);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes itself when the code is gone or the phone connected", () => {
    const onClose = vi.fn();
    const waiting = buildConnection({ status: "qrcode", qrcode: "2@first" });
    const { rerender } = render(<QrCodeDialog open connection={waiting} onClose={onClose} />);
    rerender(
      <QrCodeDialog open connection={{ ...waiting, status: "CONNECTED", qrcode: "" }} onClose={onClose} />,
    );
    expect(onClose).toHaveBeenCalled();
  });
});

import {
  type AppMessageEventPayload,
  type MessageDto,
  PREVIEW_LABELS_PT,
  type TicketDto,
  type TicketViewer,
} from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { buildMessage, buildTicket } from "../test/tickets";
import {
  cutNotificationText,
  NOTIFICATION_BODY_MAX,
  type NotificationTexts,
  notificationContent,
  shouldNotify,
} from "./rules";

const user: TicketViewer = {
  id: 7,
  profile: "user",
  super: false,
  allTicket: "disable",
  allUserChat: "disabled",
  allowGroup: false,
  queueIds: [5],
};
const admin: TicketViewer = { ...user, id: 1, profile: "admin", queueIds: [] };

const withPending = { showNotificationPending: true };
const withoutPending = { showNotificationPending: false };

function created(ticket: Partial<TicketDto> = {}, message: Partial<MessageDto> = {}): AppMessageEventPayload {
  const t = buildTicket({ id: 3, status: "open", userId: 7, queueId: 5, ...ticket });
  return {
    action: "create",
    message: buildMessage({ ticketId: t.id, ...message }),
    ticket: t,
    contact: t.contact,
  };
}

describe("shouldNotify", () => {
  it("notifies a new message from the contact in my open ticket", () => {
    expect(shouldNotify(created(), user, withoutPending, null, false)).toBe(true);
    expect(shouldNotify(created(), user, withoutPending, null, true)).toBe(true);
  });

  it("never notifies my own messages, private notes, or updates and deletes", () => {
    expect(shouldNotify(created({}, { fromMe: true }), user, withPending, null, false)).toBe(false);
    expect(shouldNotify(created({}, { isPrivate: true }), user, withPending, null, false)).toBe(false);
    expect(shouldNotify(created({}, { read: true }), user, withPending, null, false)).toBe(false);
    const message = buildMessage({ ticketId: 3 });
    expect(shouldNotify({ action: "update", message }, user, withPending, null, false)).toBe(false);
    expect(
      shouldNotify({ action: "delete", messageId: 1, ticketId: 3 }, user, withPending, null, false),
    ).toBe(false);
    // A create without its ticket cannot be judged.
    expect(shouldNotify({ action: "create", message }, user, withPending, null, false)).toBe(false);
  });

  it("notifies pending tickets only when showNotificationPending is enabled", () => {
    const pending = created({ status: "pending", userId: null });
    expect(shouldNotify(pending, user, withoutPending, null, false)).toBe(false);
    expect(shouldNotify(pending, user, withPending, null, false)).toBe(true);
  });

  it("notifies group tickets only with allowGroup, admins included", () => {
    const group = created({ status: "group", isGroup: true, userId: null, queueId: null });
    expect(shouldNotify(group, user, withPending, null, false)).toBe(false);
    expect(shouldNotify(group, { ...user, allowGroup: true }, withPending, null, false)).toBe(true);
    expect(shouldNotify(group, admin, withPending, null, false)).toBe(false);
    expect(shouldNotify(group, { ...admin, allowGroup: true }, withPending, null, false)).toBe(true);
  });

  it("does not notify the ticket open in a focused window, but does when the window is in the background", () => {
    const event = created();
    const uuid = event.action === "create" ? event.ticket?.uuid : undefined;
    expect(shouldNotify(event, user, withPending, uuid ?? null, true)).toBe(false);
    expect(shouldNotify(event, user, withPending, uuid ?? null, false)).toBe(true);
    expect(shouldNotify(event, user, withPending, "another-uuid", true)).toBe(true);
  });

  it("skips tickets outside my own view: another attendant's, other queues, closed", () => {
    expect(shouldNotify(created({ userId: 8 }), user, withPending, null, false)).toBe(false);
    expect(shouldNotify(created({ userId: 8 }), admin, withPending, null, false)).toBe(false);
    expect(shouldNotify(created({ userId: null, queueId: 6 }), user, withPending, null, false)).toBe(false);
    expect(shouldNotify(created({ userId: null, queueId: 5 }), user, withPending, null, false)).toBe(true);
    // Without a queue only with allTicket (admins always).
    expect(shouldNotify(created({ userId: null, queueId: null }), user, withPending, null, false)).toBe(
      false,
    );
    expect(shouldNotify(created({ userId: null, queueId: null }), admin, withPending, null, false)).toBe(
      true,
    );
    expect(shouldNotify(created({ status: "closed" }), user, withPending, null, false)).toBe(false);
  });
});

const texts: NotificationTexts = {
  preview: { ...PREVIEW_LABELS_PT, image: "📷 Photo", message: "New message" },
  unknownContact: "Contact",
};

describe("notificationContent", () => {
  it("uses the contact's name and avatar, the message as body and one tag per ticket", () => {
    const ticket = buildTicket({
      id: 4,
      contact: { ...buildTicket().contact!, name: "Maria", profilePicUrl: "https://cdn/maria.jpg" },
    });
    const content = notificationContent(buildMessage({ body: "Olá\naté já" }), ticket, undefined, texts);
    expect(content).toEqual({
      title: "Maria",
      body: "Olá até já",
      icon: "https://cdn/maria.jpg",
      tag: `ticket-${ticket.uuid}`,
      ticketUuid: ticket.uuid,
    });
  });

  it("shows the message without WhatsApp's markers", () => {
    const ticket = buildTicket({ id: 4 });
    const content = notificationContent(
      buildMessage({ body: "*Bot:*\n_Olá_ ~Maria~" }),
      ticket,
      undefined,
      texts,
    );
    expect(content.body).toBe("Bot: Olá Maria");
  });

  it("falls back to the event's contact, a media label and the generic texts", () => {
    const { contact, ...ticket } = buildTicket({ id: 4 });
    expect(contact).toBeDefined();
    const image = notificationContent(buildMessage({ body: "", mediaType: "image" }), ticket, contact, texts);
    expect(image.title).toBe(contact?.name);
    expect(image.body).toBe("📷 Photo");
    expect(image.icon).toBeUndefined();
    const other = notificationContent(
      buildMessage({ body: "  ", mediaType: "chat" }),
      ticket,
      undefined,
      texts,
    );
    expect(other.title).toBe("Contact");
    expect(other.body).toBe("New message");
  });

  it("reads media as the ticket list does: label, file name or length, then the caption", () => {
    const ticket = buildTicket({ id: 4 });
    const body = (message: Partial<MessageDto>) =>
      notificationContent(buildMessage(message), ticket, undefined, texts).body;
    expect(body({ body: "olha", mediaType: "image" })).toBe("📷 Photo olha");
    expect(body({ body: "", mediaType: "audio", details: { durationSeconds: 8 } })).toBe("🎤 Áudio 0:08");
    expect(body({ body: "", mediaType: "application", details: { fileName: "nota-fiscal.pdf" } })).toBe(
      "📄 nota-fiscal.pdf",
    );
    expect(body({ body: "", mediaType: "sticker" })).toBe("💟 Figurinha");
  });
});

describe("cutNotificationText", () => {
  it("keeps short texts and cuts long ones at a word boundary with an ellipsis", () => {
    expect(cutNotificationText("short")).toBe("short");
    const long = `${"palavra ".repeat(30)}fim`;
    const cut = cutNotificationText(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(NOTIFICATION_BODY_MAX + 1);
    expect(cut.endsWith("palavra…")).toBe(true);
  });

  it("cuts a text without spaces at the limit", () => {
    expect(cutNotificationText("x".repeat(200), 10)).toBe(`${"x".repeat(10)}…`);
  });
});

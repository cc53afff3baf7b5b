import type { NotificationContent } from "./rules";

/**
 * Browser (desktop) notifications. Permission is asked only from the bell
 * menu, never on page load. A browser without the Notification API only
 * logs; the sound is played by the caller either way.
 */

export type DesktopPermission = NotificationPermission | "unsupported";

export function notificationsSupported(): boolean {
  return typeof globalThis.Notification === "function";
}

export function desktopPermission(): DesktopPermission {
  return notificationsSupported() ? globalThis.Notification.permission : "unsupported";
}

/** Ask once, from a user gesture; answers the resulting permission. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (!notificationsSupported()) return "unsupported";
  try {
    return await globalThis.Notification.requestPermission();
  } catch {
    return globalThis.Notification.permission;
  }
}

/** The notification shown for each ticket, so a newer one replaces it (the tag does it too). */
const shown = new Map<string, Notification>();

/**
 * Show `content`; clicking focuses the window and calls `onOpen` (which opens
 * the ticket). Answers the notification, or null when none could be shown.
 */
export function showDesktopNotification(
  content: NotificationContent,
  onOpen: (ticketUuid: string) => void,
): Notification | null {
  if (!notificationsSupported()) {
    console.info(`[notifications] no Notification API in this browser: ${content.title}: ${content.body}`);
    return null;
  }
  if (globalThis.Notification.permission !== "granted") {
    console.info(`[notifications] desktop notifications not allowed: ${content.title}: ${content.body}`);
    return null;
  }
  try {
    shown.get(content.tag)?.close();
    const notification = new globalThis.Notification(content.title, {
      body: content.body,
      icon: content.icon,
      tag: content.tag,
    });
    notification.onclick = (event) => {
      event.preventDefault();
      window.focus();
      onOpen(content.ticketUuid);
      notification.close();
    };
    notification.onclose = () => {
      if (shown.get(content.tag) === notification) shown.delete(content.tag);
    };
    shown.set(content.tag, notification);
    return notification;
  } catch (error) {
    // Some mobile browsers have the API but only allow notifications from a service worker.
    console.info("[notifications] the notification could not be shown", error);
    return null;
  }
}

/** Close the notification of a ticket (it was opened in this window). */
export function closeDesktopNotification(tag: string): void {
  shown.get(tag)?.close();
  shown.delete(tag);
}

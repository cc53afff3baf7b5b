import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Whitelabel, whitelabelOf } from "../api/whitelabel";

/** The platform's whitelabel, read once by AppThemeProvider; the defaults outside it. */
export const WhitelabelContext = createContext<Whitelabel>(whitelabelOf({}));

export function useWhitelabel(): Whitelabel {
  return useContext(WhitelabelContext);
}

/** The name the interface shows: the whitelabel's, else the default (spec 2 section 9). */
export function useAppName(): string {
  const { t } = useTranslation();
  return useWhitelabel().appName ?? t("common.appName");
}

/** The page's <link rel="icon">, made when index.html has none. */
function iconLink(): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  return link;
}

const DEFAULT_ICON = { href: "/favicon.svg", type: "image/svg+xml" };

/**
 * The browser tab's favicon and, before sign-in, its title, from the
 * whitelabel. Signed in, the shell keeps the title (the name with the unread
 * badge: AppShell's useTitleBadge).
 */
export function WhitelabelHead({ whitelabel, signedIn }: { whitelabel: Whitelabel; signedIn: boolean }) {
  const name = useAppName();
  useEffect(() => {
    const link = iconLink();
    if (whitelabel.favicon) {
      link.href = whitelabel.favicon;
      link.removeAttribute("type");
    } else {
      link.href = DEFAULT_ICON.href;
      link.type = DEFAULT_ICON.type;
    }
  }, [whitelabel.favicon]);
  useEffect(() => {
    if (!signedIn) document.title = name;
  }, [name, signedIn]);
  return null;
}

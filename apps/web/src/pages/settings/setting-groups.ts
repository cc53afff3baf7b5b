import {
  DEFAULT_DOWNLOAD_LIMIT,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_TRIAL_DAYS,
  phoneCountryCallingCode,
  SETTING_DEFINITIONS,
  SETTING_MESSAGE_RULES,
  type SettingDefinition,
  type SettingKey,
  type SettingMessageRule,
} from "@inbox/shared";

/**
 * The options tab (spec 2 section 3, without the whitelabel keys), grouped as
 * an admin thinks of them. A choice is saved as soon as it is picked; a
 * message is saved when its field is left. A message appears when its flag
 * asks for it (`showWhen`); the LGPD details appear with LGPD enabled.
 */
/** The keys of this tab: every key but the platform's whitelabel (its tab comes later). */
export type PanelKey = Exclude<
  SettingKey,
  "primaryColorLight" | "primaryColorDark" | "appName" | "appLogoLight" | "appLogoDark" | "appLogoFavicon"
>;

export interface ChoiceItem {
  type: "choice";
  key: PanelKey;
}
export interface MessageItem {
  type: "message";
  key: PanelKey;
  showWhen?: { key: PanelKey; value: string };
}
export type SettingItem = ChoiceItem | MessageItem;

export type GroupId =
  | "attendance"
  | "botQueues"
  | "transfer"
  | "calls"
  | "lgpd"
  | "notifications"
  | "platform";

export interface SettingGroup {
  id: GroupId;
  /** Spec 2 section 6: userCreation and downloadLimit (and the platform's signup and trial) are for super users only. */
  superOnly?: boolean;
  items: SettingItem[];
}

const choice = (key: PanelKey): ChoiceItem => ({ type: "choice", key });
/** The message of a section 5 rule, shown while its flag asks for it. */
const ruleMessage = (flag: PanelKey): MessageItem => {
  const rule = SETTING_MESSAGE_RULES.find((r) => r.flag === flag) as SettingMessageRule;
  return { type: "message", key: rule.message, showWhen: { key: rule.flag, value: rule.when } };
};
const lgpd = (key: PanelKey, type: "choice" | "message"): SettingItem => ({
  type,
  key,
  showWhen: { key: "enableLGPD", value: "enabled" },
});

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    id: "attendance",
    items: [
      choice("userRating"),
      choice("sendGreetingAccepted"),
      ruleMessage("sendGreetingAccepted"),
      choice("sendFarewellWaitingTicket"),
      choice("sendSignMessage"),
      choice("requiredTag"),
      choice("acceptAudioMessageContact"),
      choice("DirectTicketsToWallets"),
      choice("phoneDefaultCountry"),
    ],
  },
  {
    id: "botQueues",
    items: [
      choice("scheduleType"),
      choice("chatBotType"),
      choice("sendGreetingMessageOneQueues"),
      choice("sendQueuePosition"),
      ruleMessage("sendQueuePosition"),
      choice("userRandom"),
    ],
  },
  {
    id: "transfer",
    items: [
      choice("sendMsgTransfTicket"),
      ruleMessage("sendMsgTransfTicket"),
      choice("closeTicketOnTransfer"),
    ],
  },
  { id: "calls", items: [choice("acceptCallWhatsapp"), ruleMessage("acceptCallWhatsapp")] },
  {
    id: "lgpd",
    items: [
      choice("enableLGPD"),
      lgpd("lgpdMessage", "message"),
      lgpd("lgpdLink", "message"),
      lgpd("lgpdConsent", "choice"),
      lgpd("lgpdHideNumber", "choice"),
      lgpd("lgpdDeleteMessage", "choice"),
    ],
  },
  { id: "notifications", items: [choice("showNotificationPending")] },
  {
    id: "platform",
    superOnly: true,
    items: [
      choice("userCreation"),
      choice("downloadLimit"),
      choice("allowSignup"),
      choice("trialDays"),
      // The embedded payment provider's receiver (docs/PAYMENTS.md).
      { type: "message", key: "pixKey" },
      { type: "message", key: "pixMerchantName" },
      { type: "message", key: "pixMerchantCity" },
    ],
  },
];

/** The values a choice offers (spec 2 section 9). */
export function choicesOf(key: SettingKey): readonly string[] {
  const { kind } = SETTING_DEFINITIONS[key] as SettingDefinition;
  return kind.type === "choice" ? kind.values : [];
}

/** The longest text a message key takes. */
export function maxLengthOf(key: SettingKey): number | undefined {
  const { kind } = SETTING_DEFINITIONS[key] as SettingDefinition;
  return kind.type === "text" ? kind.max : undefined;
}

/** What the page shows for a key the company never stored: the server's defaults. */
export const SHOWN_DEFAULTS: Partial<Record<SettingKey, string>> = {
  downloadLimit: DEFAULT_DOWNLOAD_LIMIT,
  userCreation: "enabled",
  // Never set refuses the signup (docs/SETTINGS.md); a signup's trial is then 7 days.
  allowSignup: "disabled",
  trialDays: DEFAULT_TRIAL_DAYS,
  phoneDefaultCountry: DEFAULT_PHONE_COUNTRY,
};

const countryNames = new Map<string, Intl.DisplayNames | null>();
const countryOrders = new Map<string, readonly string[]>();

/** A country of phoneDefaultCountry in the user's language, with its calling code: 'Brasil (+55)'. */
export function phoneCountryLabel(country: string, language: string): string {
  if (!countryNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: "region" });
    } catch {
      // An old browser without region names shows the codes.
    }
    countryNames.set(language, names);
  }
  const name = countryNames.get(language)?.of(country) ?? country;
  return `${name} (+${phoneCountryCallingCode(country)})`;
}

/** The values a choice offers in the order the select lists them: countries by their name (sorted once per language). */
export function orderedChoicesOf(key: SettingKey, language: string): readonly string[] {
  const values = choicesOf(key);
  if (key !== "phoneDefaultCountry") return values;
  let ordered = countryOrders.get(language);
  if (!ordered) {
    const labelled = values.map((value) => [value, phoneCountryLabel(value, language)] as const);
    const collator = new Intl.Collator(language);
    ordered = labelled.sort((a, b) => collator.compare(a[1], b[1])).map(([value]) => value);
    countryOrders.set(language, ordered);
  }
  return ordered;
}

/** The section 5 rule a message key belongs to. */
export function ruleOfMessage(key: SettingKey): SettingMessageRule | undefined {
  return SETTING_MESSAGE_RULES.find((rule) => rule.message === key);
}

/** The section 5 rule a flag belongs to. */
export function ruleOfFlag(key: SettingKey): SettingMessageRule | undefined {
  return SETTING_MESSAGE_RULES.find((rule) => rule.flag === key);
}

import {
  DEFAULT_DOWNLOAD_LIMIT,
  DEFAULT_TRIAL_DAYS,
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
};

/** The section 5 rule a message key belongs to. */
export function ruleOfMessage(key: SettingKey): SettingMessageRule | undefined {
  return SETTING_MESSAGE_RULES.find((rule) => rule.message === key);
}

/** The section 5 rule a flag belongs to. */
export function ruleOfFlag(key: SettingKey): SettingMessageRule | undefined {
  return SETTING_MESSAGE_RULES.find((rule) => rule.flag === key);
}

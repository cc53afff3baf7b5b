import {
  SETTING_DEFINITIONS,
  SETTING_MESSAGE_RULES,
  type SettingDefinition,
  type SettingKey,
} from "@inbox/shared";

/**
 * What the server does with each setting, for the OpenAPI description of
 * PUT /settings/{key} (the API docs). docs/SETTINGS.md says the same at
 * length, and the settings page's help texts in the user's language; the
 * settings test checks all three name every key.
 */
export const SETTING_RULES: Record<SettingKey, string> = {
  userCreation:
    "Platform (company 1). Whether new users may be created; disabled refuses POST /auth/signup (403 ERR_USER_CREATION_DISABLED). Super users only.",
  downloadLimit:
    "MB, one of 32, 64, 128, 256, 512, 1024, 2048. Largest inbound media the server downloads for the company; without it MEDIA_FETCH_MAX_MB (64) applies. Read at most once a minute. Super users only.",
  userRating:
    "Resolving a ticket with the farewell while enabled (and the connection has a rating message) sends the connection's ratingMessage; the ticket waits in a rating state until the contact answers 0 to 10 (stored with the ticket's user), then the completion message is sent and the ticket closes; maxUseBotQueuesNPS invalid answers or expiresTicketNPS minutes end the wait. Connections then need a rating message and an NPS expiry above 0.",
  scheduleType:
    "disabled, queue, company or connection: which business hours apply. Outside them a contact's message gets that level's out-of-hours message (at most once per contact every 2 hours) and the ticket waits as pending. company uses the schedules tab (PUT /companies/{id}/schedules); no hours saved means always open.",
  chatBotType: "Only text: queue menus and chatbot options are sent as numbered text.",
  acceptCallWhatsapp:
    "disabled: a call to a QR-code (Baileys) connection is rejected and AcceptCallWhatsappMessage is sent to the caller, stored on their ticket (opened if needed), once per call. Group calls are left alone; Cloud API calls are not handled yet (logged).",
  userRandom:
    "A waiting ticket of a queue is given to a random online user of the queue instead of the rotator's turn.",
  sendGreetingMessageOneQueues:
    "A new ticket on a connection with a single queue enters it directly; enabled sends that queue's greeting.",
  sendSignMessage:
    "Attendants may sign what they type: with the input's sign toggle on, the text goes out with the user's name in bold first (*Name:*). Disabled hides the toggle.",
  sendFarewellWaitingTicket:
    "Resolving a ticket that was still waiting (pending) also sends the farewell (completion) message.",
  sendGreetingAccepted:
    "Accepting a waiting ticket sends greetingAcceptedMessage to the contact (required while enabled).",
  sendQueuePosition:
    "A contact entering a queue is told their position with sendQueuePositionMessage (required while enabled).",
  acceptAudioMessageContact:
    "Stored only: meant to say whether contacts' audio messages are accepted, but nothing reads it yet, so audio is received either way. Each contact's own switch (PUT /contacts/toggleAcceptAudio/{id}) is only stored too.",
  enableLGPD:
    "LGPD: a contact without consent first receives lgpdMessage and lgpdLink and is asked to accept; the answer and its time are stored on the contact. With lgpdHideNumber, ordinary users see masked numbers.",
  requiredTag: "A ticket can be resolved only when its contact has a tag (ERR_TAG_REQUIRED).",
  lgpdDeleteMessage:
    "With LGPD, a message the contact deletes has its body erased instead of being marked as deleted.",
  lgpdHideNumber:
    "With LGPD, users of profile user see contacts' numbers masked in every answer and live event, and cannot search by number.",
  lgpdConsent: "With LGPD, the contact's consent is asked before the conversation goes on.",
  lgpdMessage: "Text sent to ask a contact for LGPD consent.",
  lgpdLink: "Link to the privacy policy sent with lgpdMessage.",
  sendMsgTransfTicket:
    "Transferring a ticket sends transferMessage to the contact (required while enabled); the message a user types in the transfer dialog wins.",
  closeTicketOnTransfer:
    "Transferring a ticket to another queue closes it (its history stays there) and the contact's conversation goes on in a new ticket of that queue.",
  transferMessage:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the original product's transfer text names the queue so.
    "Text of the transfer message; {{queue}} (or ${queue.name}), {{name}} and the other message variables are filled in.",
  greetingAcceptedMessage: "Text sent when a user accepts a ticket (message variables are filled in).",
  AcceptCallWhatsappMessage:
    "Text sent to a caller whose call was rejected (required while acceptCallWhatsapp is disabled).",
  sendQueuePositionMessage: "Text that tells a contact their position in the queue.",
  showNotificationPending: "Users are notified of new waiting (pending) tickets, not only of their own.",
  DirectTicketsToWallets:
    "A contact's wallet user (the contact's walletUserId, chosen by an admin) receives the contact's new tickets directly: opened for that user in their first queue of the connection (none when they share none), logged create then open by that user; without a wallet user, for groups and for reopened tickets, pending as usual.",
  phoneDefaultCountry:
    "ISO 3166-1 alpha-2 country (default BR). Numbers typed without a country code (contact form, contact-list items and imports, the Messages API number) are read as numbers of this country and stored as E.164 digits without '+' (55 11 98888-7777 -> 5511988887777; Brazilian mobiles with the ninth digit); numbers with '+' or 00 are international. The web shows this country's numbers in national format, others international. Numbers from channels are not changed.",
  allowSignup:
    "Platform (company 1). Public: whether the public signup is offered (the login page's link); anything but enabled refuses POST /auth/signup (403 ERR_SIGNUP_DISABLED). Super users only.",
  trialDays:
    "Platform (company 1). Days of trial a company made by POST /auth/signup gets: its first due date is today plus these days (default 7 when never set). Super users only.",
  primaryColorLight:
    "Platform whitelabel, public: primary colour of the light theme (#RGB or #RRGGBB). Super users only.",
  primaryColorDark: "Platform whitelabel, public: primary colour of the dark theme. Super users only.",
  appName: "Platform whitelabel, public: the system's name (at most 50 characters). Super users only.",
  appLogoLight: "Platform whitelabel, public: file name of the light logo. Super users only.",
  appLogoDark: "Platform whitelabel, public: file name of the dark logo. Super users only.",
  appLogoFavicon: "Platform whitelabel, public: file name of the favicon. Super users only.",
  pixKey:
    "Platform (company 1). The PIX key the embedded payment provider's static codes pay (CPF or CNPJ digits, e-mail, +55 phone or random key); the checkout answers ERR_PAYMENT_NOT_CONFIGURED while it, pixMerchantName or pixMerchantCity is empty. Not public. Super users only.",
  pixMerchantName:
    "Platform (company 1). The receiver's name in the embedded PIX code (at most 25 characters). Super users only.",
  pixMerchantCity:
    "Platform (company 1). The receiver's city in the embedded PIX code (at most 15 characters). Super users only.",
};

function values(definition: SettingDefinition): string {
  const { kind } = definition;
  if (kind.type === "choice")
    return kind.values.length > 20 ? `one of ${kind.values.length} codes` : kind.values.join(" | ");
  if (kind.type === "text") return `text up to ${kind.max} characters ("" clears)`;
  if (kind.type === "color") return "#RGB, #RRGGBB or #RRGGBBAA";
  if (kind.type === "pixKey") return "a PIX key";
  return "a file name";
}

/** The OpenAPI description of the settings writes: every key, its values and what the server does. */
export function settingWriteDescription(intro: string): string {
  const rules = SETTING_MESSAGE_RULES.map(
    (rule) => `- ${rule.flag} = ${rule.when} needs ${rule.message}`,
  ).join("\n");
  const keys = (Object.entries(SETTING_DEFINITIONS) as [SettingKey, SettingDefinition][])
    .map(([key, definition]) => `- **${key}** (${values(definition)}): ${SETTING_RULES[key]}`)
    .join("\n");
  return [
    intro,
    "Admins only (profile admin or super); super-only keys answer 403 ERR_NO_PERMISSION to others. An unknown key answers 404 ERR_NO_SETTING_FOUND, a value the key does not accept 400 ERR_VALIDATION (field value).",
    `A change that would leave a flag without its message answers 400 ERR_SETTING_MESSAGE_REQUIRED with field = the message key (save the message first, then the flag):\n${rules}`,
    "Every change is announced to the company's sockets as `company-{id}-settings` { action: 'update', setting: { key, value } } (platform keys: to company 1).",
    `Keys:\n${keys}`,
  ].join("\n\n");
}

import type settingsPt from "./pt";

const settingsEn: typeof settingsPt = {
  title: "Settings",
  saved: "Operation updated successfully.",
  loadError: "Could not load the list of records",
  soon: "coming soon",
  trialDaysValue_one: "{{count}} day",
  trialDaysValue_other: "{{count}} days",
  tabs: {
    options: "Options",
    schedules: "Business hours",
    companies: "Companies",
    plans: "Plans",
    helps: "Help",
    whitelabel: "Whitelabel",
  },
  groups: {
    attendance: "Attendance",
    botQueues: "Chatbot, queues and hours",
    transfer: "Transfer",
    calls: "Calls",
    lgpd: "LGPD (data protection)",
    notifications: "Notifications",
    platform: "Platform",
  },
  values: {
    enabled: "Enabled",
    disabled: "Disabled",
    queue: "Queue",
    company: "Company",
    connection: "Connection",
    text: "Text",
  },
  keys: {
    userCreation: "User creation",
    downloadLimit: "File download limit",
    userRating: "Ratings",
    scheduleType: "Business hours management",
    chatBotType: "Chatbot type",
    acceptCallWhatsapp: "Accept WhatsApp calls",
    userRandom: "Pick a random attendant",
    sendGreetingMessageOneQueues: "Send the greeting when there is only 1 queue",
    sendSignMessage: "Sign messages with the attendant's name",
    sendFarewellWaitingTicket: "Send the farewell on waiting tickets",
    sendGreetingAccepted: "Send a greeting when a ticket is accepted",
    sendQueuePosition: "Send the queue position",
    acceptAudioMessageContact: "Accept audio from every contact",
    enableLGPD: "Enable LGPD treatment",
    requiredTag: "Tag required to resolve",
    lgpdDeleteMessage: "Blank out messages the contact deletes",
    lgpdHideNumber: "Hide contacts' numbers from users",
    lgpdConsent: "Always ask for consent",
    lgpdMessage: "Consent message (LGPD)",
    lgpdLink: "Privacy policy link",
    sendMsgTransfTicket: "Send a transfer message",
    closeTicketOnTransfer: "Close the ticket when transferring to another queue",
    transferMessage: "Transfer message",
    greetingAcceptedMessage: "Greeting message on accept",
    AcceptCallWhatsappMessage: "Rejected call message",
    sendQueuePositionMessage: "Queue position message",
    showNotificationPending: "Notify waiting tickets",
    phoneDefaultCountry: "Default country for phone numbers",
    DirectTicketsToWallets: "Send tickets to the contact's wallet",
    allowSignup: "Public company signup",
    trialDays: "Trial days at signup",
    pixKey: "Platform PIX key",
    pixMerchantName: "PIX receiver name",
    pixMerchantCity: "PIX receiver city",
  },
  help: {
    userCreation: "Allows new users to be created on the platform.",
    downloadLimit:
      "The largest received media the server downloads for the company. Applies within a minute.",
    userRating:
      "Resolving with the farewell sends the connection's rating message and the contact answers 0 to 10; the score is kept on the ticket, which then closes. Connections then need a rating message and deadline.",
    scheduleType:
      "Which hours apply: none, each queue's, the company's (Business hours tab) or each connection's. Outside them the contact gets the out-of-hours message (at most once every 2 hours) and the ticket waits.",
    chatBotType: "The chatbot sends queue menus and options as numbered text.",
    acceptCallWhatsapp:
      "Disabled: a call to a QR-code connection is rejected and the caller gets the rejected call message.",
    userRandom:
      "A waiting ticket of a queue goes to a random online user of the queue instead of the rotation.",
    sendGreetingMessageOneQueues:
      "With a single queue on the connection a new ticket enters it directly; enabled sends the queue's greeting.",
    sendSignMessage: "Sent messages carry the attendant's name in bold (*Name:*).",
    sendFarewellWaitingTicket: "Resolving a ticket that was still waiting also sends the farewell.",
    sendGreetingAccepted: "Accepting a ticket sends the greeting message below to the contact.",
    sendQueuePosition: "A contact entering a queue is told their position (message below).",
    acceptAudioMessageContact:
      "Stored; does not change the attendance yet: contacts' audio messages are still received. Each contact also keeps its own switch.",
    enableLGPD:
      "Turns LGPD treatment on: contact consent, hidden numbers and deleted messages, as set below.",
    requiredTag: "A ticket can only be resolved when the contact has a tag.",
    lgpdDeleteMessage:
      "A message the contact deletes has its text removed instead of just being marked deleted.",
    lgpdHideNumber: "Users (profile user) see contacts' numbers masked; admins see them whole.",
    lgpdConsent: "A contact without consent gets the message and link below and must accept before going on.",
    lgpdMessage: "Text sent to ask the contact's consent.",
    lgpdLink: "Sent with the consent message.",
    sendMsgTransfTicket:
      "On transfer the contact gets the transfer message below; text typed in the transfer dialog comes first.",
    closeTicketOnTransfer:
      "Transferring to another queue closes the ticket and the conversation goes on in a new ticket of that queue.",
    transferMessage: "Use {{queue}} for the queue's name and {{name}} for the contact's name.",
    greetingAcceptedMessage: "Use {{name}} for the contact's name and {{userName}} for the attendant's name.",
    AcceptCallWhatsappMessage: "Sent to the caller when the call is rejected.",
    sendQueuePositionMessage: "Sent to a contact entering the queue, with their position.",
    showNotificationPending: "Users are notified of new waiting tickets, not only of their own.",
    phoneDefaultCountry:
      "Numbers typed without a country code (+55…) belong to this country and are saved in international format; this country's numbers are shown in national format.",
    DirectTicketsToWallets: "A contact's new tickets go straight to the user who owns the contact's wallet.",
    allowSignup:
      "Enabled: the login page shows the signup link and anyone may create a company on a public plan. Disabled (or never saved): the signup is refused.",
    trialDays: "A company created by the public signup is first due after these days (default 7).",
    pixKey:
      "Receives invoice payments through the PIX code made here (CPF or CNPJ digits, e-mail, +55 phone or random key). You confirm each payment on the invoice.",
    pixMerchantName: "Name shown in the PIX code (up to 25 characters).",
    pixMerchantCity: "City shown in the PIX code (up to 15 characters).",
  },
  required: {
    transferMessage: "The transfer message is required while sending it is enabled.",
    greetingAcceptedMessage: "The greeting message is required while the greeting on accept is enabled.",
    sendQueuePositionMessage: "The queue position message is required while sending the position is enabled.",
    AcceptCallWhatsappMessage: "The rejected call message is required while calls are not accepted.",
  },
  schedules: {
    saved: "Business hours updated successfully.",
    neverSaved:
      "Business hours not saved yet: until then the company counts as always open. Click save to record the changes.",
    errors: {
      invalidTime: "Use the HH:MM format",
      shiftIncomplete: "Fill in the start and the end of the shift",
      shiftOrder: "The shift ends after it starts",
      duplicateDay: "Repeated day",
    },
  },
};

export default settingsEn;

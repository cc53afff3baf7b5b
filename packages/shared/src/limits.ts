/** Business constants of spec 1 section 9 and spec 2 section 9. */
export const LIMITS = {
  /** Days before the due date from which the login shows a warning. */
  dueDateWarningDays: 5,
  /** Company 1 is the platform owner and never expires. */
  platformCompanyId: 1,
  toastMs: 2000,
  /** Spec 2 section 9: a page of a feature the plan does not include shows its toast, then goes to / after this. */
  planFeatureRedirectMs: 1000,
  searchDebounceMs: 500,
  searchMinChars: 3,
  infiniteScrollThresholdPx: 100,
  messageListTopThresholdPx: 50,
  editWindowMs: 900_000,
  forwardDelayMs: 900,
  recordingMinBytes: 10_000,
  userStatusPingMs: 300_000,
  ticketsPanelMinWidth: 404,
  ticketsPanelMaxWidth: 700,
  contactDrawerWidth: 320,
  lastMessageCut: 40,
  contactNameCut: 60,
  volumeStorageKey: "volume",
  defaultVolume: 1,
  /** Page size of server lists; the spec leaves it open ("not shown"). */
  pageSize: 40,
  /**
   * GET /tickets counts a tab up to this many (its `count`; the tab badges show 999+ beyond 999):
   * a count past it would walk every ticket of a busy tab on every page asked. A list keeps a count
   * at the cap as it is when tickets come and go (it means "this many or more").
   */
  ticketListCountCap: 1000,
  /** Profile image upload limit. */
  profileImageMaxBytes: 5 * 1024 * 1024,
  /** Message attachment limit per file; the spec leaves it open: WhatsApp's limit for video and audio. */
  messageMediaMaxBytes: 16 * 1024 * 1024,
  /** Attachments per send (POST /messages multipart `medias`). */
  messageMediaMaxFiles: 10,
} as const;

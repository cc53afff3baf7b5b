import type connectionImportPt from "./pt";

const connectionImportEn: typeof connectionImportPt = {
  preparing: "Preparing",
  progress: "Processed {{done}} of {{all}} · {{date}} · {{percent}}%",
  closeImported: "Close imported tickets",
  closeImportedTitle: "Close the imported tickets of {{name}}?",
  closeImportedMessage: "The tickets this connection's import opened that are not closed yet will be closed.",
  closedImported: "{{count}} imported ticket(s) closed.",
  restart: "Restart connections",
  restarting: "Please wait... Your connections will be restarted!",
  connectedWarning:
    "This connection is connected: saving with the import on disconnects the session, and a new QR code must be scanned for the phone to send its history.",
};

export default connectionImportEn;

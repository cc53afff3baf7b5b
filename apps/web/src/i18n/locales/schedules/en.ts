import type schedulesPt from "./pt";

const schedulesEn: typeof schedulesPt = {
  action: "Schedule message",
  dialog: {
    title: "Schedule message",
    contact: "Contact",
    body: "Message",
    sendAt: "Send date and time",
    attach: "Attach image",
    attachment: "Attachment",
    removeAttachment: "Remove attachment",
    invalidFile: "Only png, jpg or jpeg files",
    cancel: "Cancel",
    save: "Schedule",
    success: "Schedule saved successfully!",
  },
};

export default schedulesEn;

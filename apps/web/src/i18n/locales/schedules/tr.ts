import type schedulesPt from "./pt";

const schedulesTr: typeof schedulesPt = {
  action: "Mesaj planla",
  dialog: {
    title: "Mesaj planla",
    contact: "Kişi",
    body: "Mesaj",
    sendAt: "Gönderim tarihi ve saati",
    attach: "Görsel ekle",
    attachment: "Ek",
    removeAttachment: "Eki kaldır",
    invalidFile: "Yalnızca png, jpg veya jpeg dosyaları",
    cancel: "İptal",
    save: "Planla",
    success: "Planlama başarıyla kaydedildi!",
  },
};

export default schedulesTr;

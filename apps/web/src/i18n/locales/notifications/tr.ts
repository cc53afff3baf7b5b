import type { LocaleShape } from "../pt";
import type notificationsPt from "./pt";

const notificationsTr: LocaleShape<typeof notificationsPt> = {
  bellWithCount_one: "Bildirimler: okunmamış mesajı olan {{count}} talep",
  bellWithCount_other: "Bildirimler: okunmamış mesajı olan {{count}} talep",
  listLabel: "Okunmamış mesajı olan talepler",
  unread_one: "{{count}} okunmamış mesaj",
  unread_other: "{{count}} okunmamış mesaj",
  permissionHint: "Yeni bir mesaj geldiğinde masaüstü bildirimi alın.",
  enable: "Bildirimleri etkinleştir",
  denied: "Bildirimler bu tarayıcıda engellendi. Site ayarlarından izin verin.",
  unsupported: "Bu tarayıcı bildirim göstermiyor; sesli uyarı çalmaya devam eder.",
  newMessage: "Yeni mesaj",
  unknownContact: "Kişi",
  preview: {
    image: "📷 Fotoğraf",
    video: "🎥 Video",
    audio: "🎤 Ses",
    document: "📄 Belge",
    sticker: "💟 Çıkartma",
    location: "📍 Konum",
    contact: "👤 Kişi",
    unsupported: "⚠️ Desteklenmeyen mesaj",
  },
  bellWithHandovers_one: "Bildirimler: size {{count}} talep aktarıldı",
  bellWithHandovers_other: "Bildirimler: size {{count}} talep aktarıldı",
  handovers_one: "size {{count}} talep aktarıldı",
  handovers_other: "size {{count}} talep aktarıldı",
  handoverList: "Size aktarılan talepler",
  handoverTitle: "Size bir talep aktarıldı",
  handoverInQueue: "Size aktarıldı · kuyruk {{queue}}",
};

export default notificationsTr;

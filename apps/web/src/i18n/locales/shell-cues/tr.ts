import type { LocaleShape } from "../pt";
import type shellCuesPt from "./pt";

const shellCuesTr: LocaleShape<typeof shellCuesPt> = {
  reconnecting: "Yeniden bağlanıyor…",
  reconnectingHint: "Sunucu bağlantısı koptu; bağlantı dönünce listeler güncellenir.",
  oneSession: "Her kullanıcının aynı anda tek oturumu olur: burada giriş yapmak diğer oturumu kapatır.",
  signedOutElsewhere: "Hesabınıza başka bir bilgisayardan erişildi. Devam etmek için yeniden giriş yapın.",
  noteMode: "Dahili not modu açık: mesajlar yalnızca ekipte kalır.",
  noteModeOff: "Not modundan çık",
  emojiSearch: "Emoji ara",
  emojiLoading: "Emojiler yükleniyor...",
  emojiCategories: {
    suggested: "Son kullanılanlar",
    smileys_people: "İfadeler ve insanlar",
    animals_nature: "Hayvanlar ve doğa",
    food_drink: "Yiyecek ve içecek",
    travel_places: "Seyahat ve yerler",
    activities: "Etkinlikler",
    objects: "Nesneler",
    symbols: "Semboller",
    flags: "Bayraklar",
  },
};

export default shellCuesTr;

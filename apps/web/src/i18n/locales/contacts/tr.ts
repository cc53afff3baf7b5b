import type { LocaleShape } from "../pt";
import type contactsPt from "./pt";

const contactsTr: LocaleShape<typeof contactsPt> = {
  title: "Kişiler",
  search: "Kişi ara",
  add: "Kişi ekle",
  empty: "Kişi bulunamadı.",
  loadingMore: "Daha fazla kişi yükleniyor...",
  active: "Aktif",
  blocked: "Engelli",
  block: "Engelle",
  unblock: "Engeli kaldır",
  blockContact: "{{name}} kişisini engelle",
  unblockContact: "{{name}} kişisinin engelini kaldır",
  editContact: "{{name}} kişisini düzenle",
  deleteContact: "{{name}} kişisini sil",
  deleteTitle: "{{name}} silinsin mi?",
  deleteMessage: "Bu kişiyi silmek istediğinizden emin misiniz? İlgili tüm destek kayıtları kaybolacak.",
  deleted: "Kişi silindi.",
  blockedToast: "Kişi engellendi",
  unblocked: "Kişinin engeli kaldırıldı",
  columns: {
    name: "Ad",
    number: "Numara",
    email: "E-posta",
    status: "Durum",
    actions: "İşlemler",
  },
  modal: {
    titleAdd: "Kişi ekle",
    titleEdit: "Kişiyi düzenle",
    saved: "Kişi kaydedildi.",
    numberHidden: "Numara gizli (veri koruma).",
    extraInfo: "Ek bilgiler",
    addExtraInfo: "Bilgi ekle",
    extraName: "Alan adı",
    extraValue: "Değer",
    removeExtraInfo: "{{index}}. bilgiyi kaldır",
    noWallet: "Sorumlu yok",
    walletHelp:
      '"Talepleri kişinin portföyüne yönlendir" açıkken bu kullanıcı kişinin yeni taleplerini doğrudan alır.',
    fields: {
      name: "Ad",
      number: "WhatsApp numarası",
      email: "E-posta adresi",
      disableBot: "Sohbet botunu kapat",
      walletUserId: "Portföy (sorumlu)",
    },
  },
};

export default contactsTr;

import type { LocaleShape } from "../pt";
import type ticketsManagerPt from "./pt";

const ticketsManagerTr: LocaleShape<typeof ticketsManagerPt> = {
  searchTab: "Arama",
  search: {
    label: "Talepleri ara",
    placeholder: "Kişi adı veya numarası",
    onMessages: "Mesajlarda da ara",
  },
  filters: {
    group: "Filtreler",
    tags: "Etiketler",
    users: "Kullanıcılar",
    connections: "Bağlantılar",
    statuses: "Durum",
    clear: "Filtreleri temizle",
  },
  statuses: {
    open: "İlgileniliyor",
    pending: "Bekliyor",
    closed: "Çözüldü",
    group: "Grup",
    lgpd: "LGPD",
    nps: "NPS",
  },
  actions: {
    toolbar: "Liste işlemleri",
    newTicket: "Yeni talep",
    closeAll: "Tümünü kapat",
    oldestFirst: "Önce en eskiler",
  },
  closeAll: {
    title: "Tüm talepler kapatılsın mı?",
    message: 'Seçili kuyruklardaki tüm "{{status}}" talepleri veda mesajı olmadan çözülecek.',
    yes: "Evet",
    no: "Hayır",
    done_one: "{{count}} talep kapatıldı.",
    done_other: "{{count}} talep kapatıldı.",
  },
  newTicket: {
    title: "Yeni talep",
    contact: "Kişi",
    contactHint: "En az 3 karakter yazın",
    searching: "Aranıyor...",
    noContacts: "Kişi bulunamadı",
    noNumber: "Bu kişinin numarası yok.",
    queue: "Kuyruk",
    queueRequired: "Bir kuyruk seçin",
    connection: "Bağlantı",
    connectionRequired: "Bir bağlantı seçin",
    create: "Oluştur",
    inQueue: "Bu kişiyle zaten başka bir kullanıcı ilgileniyor.",
    beingAttendedBy: "Bu kişiyle {{user}} ilgileniyor",
  },
  resize: "Talep listesi genişliği",
  narrow: {
    tabs: "Konuşma veya liste",
    ticket: "Konuşma",
    list: "Talepler",
    pickTicket: "Bir talep seçin",
  },
};

export default ticketsManagerTr;

import type { LocaleShape } from "../pt";
import type reportsPt from "./pt";

const reportsTr: LocaleShape<typeof reportsPt> = {
  title: "Destek raporu",
  filters: {
    label: "Rapor filtreleri",
    search: "Ara",
    searchPlaceholder: "Kişi, numara veya son mesaj",
    contact: "Kişi",
    contactHint: "En az 3 karakter yazın",
    searching: "Aranıyor...",
    noContacts: "Kişi bulunamadı",
    connections: "Bağlantılar",
    users: "Kullanıcılar",
    queues: "Kuyruklar",
    withoutQueue: "Kuyruksuz",
    statuses: "Durum",
    dateFrom: "Başlangıç tarihi",
    dateTo: "Bitiş tarihi",
    onlyRated: "Yalnızca değerlendirilenler",
    clear: "Filtreleri temizle",
  },
  columns: {
    id: "No",
    whatsappName: "Bağlantı",
    contactName: "Kişi",
    userName: "Kullanıcı",
    queueName: "Kuyruk",
    status: "Durum",
    lastMessage: "Son mesaj",
    createdAt: "Açılış",
    closedAt: "Kapanış",
    supportTime: "Destek süresi",
    NPS: "NPS",
    actions: "İşlemler",
  },
  tableLabel: "Rapordaki destek talepleri",
  empty: "Bu filtrelere uyan destek talebi yok.",
  loadError: "Kayıt listesi yüklenemedi",
  rowsPerPage: "Sayfa başına satır",
  pageRange: "{{from}}-{{to}} / {{count}}",
  logs: "{{id}} numaralı talebin kayıtları",
  open: "{{id}} numaralı talebi aç",
  export: {
    button: "Dışa aktar",
    progress: "Dışa aktarılıyor: {{written}} / {{total}} satır",
    preparing: "Dışa aktarma hazırlanıyor...",
    done: "Rapor dışa aktarıldı: {{count}} satır.",
  },
};

export default reportsTr;

import type invoicesPt from "./pt";

const invoicesTr: typeof invoicesPt = {
  title: "Faturalar ({{count}})",
  menu: "Finans",
  search: "Ara",
  empty: "Fatura bulunamadı.",
  loadError: "Faturalar yüklenemedi",
  loadingMore: "Daha fazla fatura yükleniyor",
  columns: {
    detail: "Ayrıntılar",
    users: "Kullanıcılar",
    connections: "Bağlantılar",
    queues: "Kuyruklar",
    value: "Tutar",
    dueDate: "Son ödeme",
    status: "Durum",
    action: "İşlem",
  },
  status: {
    paid: "Ödendi",
    overdue: "Gecikmiş",
    open: "Açık",
  },
  expired: "Aboneliğinizin süresi doldu.",
  expiredDescription:
    "Sistemi yeniden kullanmak için açık faturayı ödeyin. Ödeme onaylanır onaylanmaz yeniden giriş yapmadan ana sayfaya dönersiniz.",
  restored: "Ödeme onaylandı! Lisansınızın yeni bitiş tarihi {{date}}.",
  subscription: {
    title: "Abonelik",
    menu: "Abonelik",
    period: "Lisans süresi",
    daysLeft_one: "Lisansınızın bitmesine {{count}} gün kaldı!",
    daysLeft_other: "Lisansınızın bitmesine {{count}} gün kaldı!",
    today: "Lisansınız bugün bitiyor!",
    expired: "Lisansınız {{date}} tarihinde bitti.",
    neverExpires: "Bu lisansın süresi dolmaz.",
    dueDate: "Bitiş tarihi: {{date}}",
    billingEmail: "Fatura e-postası",
    subscribe: "Hemen abone olun!",
  },
};

export default invoicesTr;

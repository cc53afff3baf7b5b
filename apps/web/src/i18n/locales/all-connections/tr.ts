import type allConnectionsPt from "./pt";

const allConnectionsTr: typeof allConnectionsPt = {
  title: "Tüm bağlantılar",
  columns: {
    client: "Müşteri",
    connected: "Bağlı",
    disconnected: "Bağlı değil",
    total: "Toplam",
    actions: "İşlemler",
  },
  totals: "Genel toplam",
  open: "{{name}} bağlantılarını aç",
  empty: "Henüz bağlantı yok.",
  loadError: "Liste yüklenemedi",
  refresh: "Yenile",
  dialogTitle: "{{name}} bağlantıları",
  dialogEmpty: "Bu şirketin bağlantısı yok.",
  dialogColumns: {
    name: "Ad",
    channel: "Kanal",
    status: "Durum",
    lastUpdate: "Son güncelleme",
  },
};

export default allConnectionsTr;

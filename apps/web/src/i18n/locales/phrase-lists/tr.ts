import type phraseListsPt from "./pt";

const phraseListsTr: typeof phraseListsPt = {
  title: "İfade kampanyaları",
  add: "Yeni Kampanya",
  addTitle: "Yeni ifade kampanyası",
  editTitle: "İfade kampanyasını düzenle",
  empty: "İfade kampanyası bulunamadı.",
  created: "İfade başarıyla oluşturuldu!",
  updated: "İfade başarıyla değiştirildi!",
  deleted: "İfade silindi",
  active: "Aktif",
  inactive: "Devre dışı",
  editRow: "{{name}} düzenle",
  deleteRow: "{{name}} sil",
  deleteTitle: "{{name}} silinsin mi?",
  deleteMessage: "Bu işlem geri alınamaz: ifade artık akışı başlatmayacak.",
  noConnection: "Bağlantı seçilmedi: ifade hiçbir bağlantıda tanınmayacak.",
  noConnectionShort: "Bağlantı yok",
  columns: {
    name: "Ad",
    flow: "Akış",
    connection: "Bağlantı",
    phrase: "İfade",
    status: "Durum",
    actions: "İşlemler",
  },
  fields: { name: "Tetikleyici adı", flow: "Akış", connection: "Bağlantı", phrase: "Tetikleyici ifade" },
  validation: { required: "Zorunlu" },
};
export default phraseListsTr;

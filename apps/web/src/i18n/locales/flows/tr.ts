import type flowsPt from "./pt";

const flowsTr: typeof flowsPt = {
  title: "Konuşma akışları",
  search: "Akış ara",
  add: "Akış ekle",
  addTitle: "Akış ekle",
  editTitle: "Akış adını düzenle",
  empty: "Akış bulunamadı.",
  loadingMore: "Daha fazla yükleniyor...",
  active: "Aktif",
  inactive: "Devre dışı",
  saved: "Akış başarıyla kaydedildi",
  deleted: "Akış başarıyla silindi",
  duplicated: "Akış başarıyla çoğaltıldı",
  menuLabel: "{{name}} işlemleri",
  menu: { open: "Akışı düzenle", rename: "Adı düzenle", duplicate: "Çoğalt", delete: "Sil" },
  deleteTitle: "{{name}} silinsin mi?",
  deleteMessage: "Bu işlem geri alınamaz: akış silinecek.",
  duplicateTitle: "{{name}} çoğaltılsın mı?",
  duplicateMessage: "Akışın tüm bloklarıyla bir kopyası oluşturulacak.",
  columns: { name: "Ad", status: "Durum", actions: "İşlemler" },
  fields: { name: "Ad" },
};
export default flowsTr;

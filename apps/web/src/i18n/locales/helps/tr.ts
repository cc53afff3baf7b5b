import type helpsPt from "./pt";

const helpsTr: typeof helpsPt = {
  pageTitle: "Yardım ({{count}})",
  galleryLabel: "Yardım videoları",
  play: "İzle: {{title}}",
  close: "Kapat",
  empty: "Henüz yardım videosu yok.",
  loadError: "Kayıt listesi yüklenemedi",
  formTitleAdd: "Yeni yardım videosu",
  formTitleEdit: "{{title}} düzenle",
  fields: {
    title: "Başlık",
    video: "Video kodu",
    description: "Açıklama",
  },
  videoHint: "YouTube video kodu (ör. dQw4w9WgXcQ) veya videonun adresi.",
  clear: "Temizle",
  saved: "İşlem başarıyla tamamlandı!",
  saveFailed:
    "İşlem tamamlanamadı. Aynı ada sahip bir yardım olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin",
  deleted: "İşlem başarıyla tamamlandı!",
  deleteFailed: "İşlem tamamlanamadı",
  deleteTitle: "{{title}} silinsin mi?",
  deleteMessage: "Bu kaydı gerçekten silmek istiyor musunuz?",
  editLabel: "{{title}} düzenle",
  deleteLabel: "{{title}} sil",
  actions: "İşlemler",
  tableLabel: "Yardım videoları",
  errors: {
    title: "1 ile 100 karakter arasında bir başlık girin.",
    video: "YouTube video kodunu (harfler, rakamlar, - ve _) veya videonun adresini girin.",
    description: "Açıklama en fazla 1000 karakter olabilir.",
  },
};

export default helpsTr;

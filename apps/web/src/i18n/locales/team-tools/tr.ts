import type teamToolsPt from "./pt";

const teamToolsTr: typeof teamToolsPt = {
  quickMessages: {
    title: "Hızlı mesajlar",
    search: "Ara...",
    add: "Ekle",
    addTitle: "Hızlı mesaj ekle",
    editTitle: "Hızlı mesajı düzenle",
    fields: {
      shortcode: "Kısayol",
      message: "Mesaj",
      geral: "Genel (tüm kullanıcılar görür)",
    },
    columns: {
      shortcode: "Kısayol",
      media: "Ek",
      geral: "Genel",
      actions: "İşlemler",
    },
    required: "Zorunlu",
    attach: "Dosya ekle",
    noFile: "Ek yok",
    removeFile: "Eki kaldır",
    readOnly: "Bu, başka bir kullanıcının kişisel hızlı mesajıdır: salt okunur.",
    close: "Kapat",
    isGeral: "Genel",
    view: "Görüntüle",
    viewLabel: "{{shortcode}} görüntüle",
    editLabel: "{{shortcode}} düzenle",
    deleteLabel: "{{shortcode}} sil",
    saved: "Hızlı mesaj kaydedildi.",
    deleted: "Hızlı mesaj silindi.",
    deleteTitle: "{{shortcode}} silinsin mi?",
    deleteMessage: "Bu işlem geri alınamaz.",
    empty: "Henüz hızlı mesaj yok.",
    loadingMore: "Daha fazla yükleniyor...",
  },
};

export default teamToolsTr;

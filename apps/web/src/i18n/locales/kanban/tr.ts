import type kanbanPt from "./pt";

const kanbanTr: typeof kanbanPt = {
  title: "Kanban",
  startDate: "Başlangıç tarihi",
  endDate: "Bitiş tarihi",
  search: "Ara",
  addColumns: "Sütun ekle",
  defaultLane: "Açık",
  boardLabel: "Kanban panosu",
  empty: "Talep yok",
  loadingMore: "Daha fazla talep yükleniyor…",
  viewTicket: "Talebi gör",
  ticketNumber: "Talep no. {{id}}",
  noUser: "Temsilci yok",
  moveFailed: "Talep taşınamadı: {{reason}}",
  dnd: {
    instructions:
      "Bir talebi taşımak için boşluk veya Enter tuşuna basın. Sütun değiştirmek için sol ve sağ okları, bırakmak için boşluk veya Enter'ı, iptal etmek için Esc'yi kullanın.",
    start: "{{contact}} talebi seçildi, {{lane}} sütununda.",
    over: "{{contact}} talebi {{lane}} sütununun üzerinde.",
    outside: "{{contact}} talebi sütunların dışında.",
    end: "{{contact}} talebi {{lane}} sütununa bırakıldı.",
    endOutside: "{{contact}} talebi sütunların dışına bırakıldı; yerinde kalıyor.",
    cancel: "Taşıma iptal edildi; {{contact}} talebi {{lane}} sütununda kalıyor.",
  },
};

export default kanbanTr;

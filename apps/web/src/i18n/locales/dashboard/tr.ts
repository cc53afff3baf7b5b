import type dashboardPt from "./pt";

const dashboardTr: typeof dashboardPt = {
  title: "Gösterge paneli",
  dateFrom: "Başlangıç tarihi",
  dateTo: "Bitiş tarihi",
  empty: "Bu dönemde talep yok.",
  counters: {
    supportHappening: "Görüşmede",
    supportPending: "Bekleyen",
    supportFinished: "Tamamlanan",
    leads: "Yeni kişiler",
    activeTickets: "Giden",
    passiveTickets: "Gelen",
    avgResponseTime: "Ort. yanıt süresi",
    avgWaitTime: "Ort. bekleme süresi",
    avgSupportTime: "Ort. hizmet süresi",
  },
  charts: {
    byDay: "Günlük talepler",
    created: "Açılan",
    finished: "Tamamlanan",
    status: "Talep durumu",
    origin: "Talep kaynağı",
  },
  performance: {
    title: "Performans",
    resolutionRate: "Çözüm oranı",
    avgResponse: "Ortalama yanıt süresi",
    ofMax: "{{avg}} / {{max}}",
  },
  attendants: {
    title: "Temsilciler",
    name: "Ad",
    status: "Durum",
    online: "Çevrimiçi",
    offline: "Çevrimdışı",
    rating: "Değerlendirme",
    noRating: "Değerlendirme yok",
    tickets: "Talepler",
    finished: "Tamamlanan",
    avgWaitTime: "Ort. bekleme süresi",
    avgSupportTime: "Ort. hizmet süresi",
    avgWaitTimeMinutes: "Ort. bekleme süresi (dk)",
    avgSupportTimeMinutes: "Ort. hizmet süresi (dk)",
    resolutionPercent: "Çözüm (%)",
    performance: "Performans",
    resolutionOf: "{{name}} çözüm oranı",
    export: "Tabloyu dışa aktar",
    fileName: "temsilciler",
  },
};

export default dashboardTr;

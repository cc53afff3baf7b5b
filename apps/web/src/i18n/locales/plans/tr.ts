import type plansPt from "./pt";

const plansTr: typeof plansPt = {
  title: "Planlar",
  formTitleAdd: "Yeni plan",
  formTitleEdit: "{{name}} planını düzenle",
  empty: "Henüz plan yok.",
  loadError: "Kayıt listesi yüklenemedi",
  saved: "İşlem başarıyla tamamlandı!",
  saveFailed:
    "İşlem gerçekleştirilemedi. Aynı ada sahip bir plan olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin",
  deleted: "İşlem başarıyla tamamlandı!",
  deleteFailed: "İşlem gerçekleştirilemedi",
  deleteTitle: "{{name}} silinsin mi?",
  deleteMessage: "Bu kaydı gerçekten silmek istiyor musunuz?",
  clear: "Temizle",
  editLabel: "{{name}} düzenle",
  deleteLabel: "{{name}} sil",
  yes: "Evet",
  no: "Hayır",
  actions: "İşlemler",
  fields: {
    name: "Ad",
    users: "Kullanıcılar",
    connections: "Bağlantılar",
    queues: "Kuyruklar",
    amount: "Tutar",
    isPublic: "Herkese açık",
    useWhatsapp: "WhatsApp",
    useFacebook: "Facebook",
    useInstagram: "Instagram",
    useCampaigns: "Kampanyalar",
    useSchedules: "Zamanlamalar",
    useInternalChat: "Dahili sohbet",
    useExternalApi: "Harici API",
    useKanban: "Kanban",
    useOpenAi: "Open.AI",
    useIntegrations: "Entegrasyonlar",
  },
  features: "Plan özellikleri",
  errors: {
    name: "1 ile 100 karakter arasında bir ad girin.",
    limit: "0 ile 2147483647 arasında bir tam sayı girin.",
    amount: "0 ile 9999999999,99 arasında, en fazla iki ondalıklı bir tutar girin.",
  },
};

export default plansTr;

import type settingsPt from "./pt";

const settingsTr: typeof settingsPt = {
  title: "Ayarlar",
  saved: "İşlem başarıyla güncellendi.",
  loadError: "Kayıt listesi yüklenemedi",
  soon: "yakında",
  trialDaysValue_one: "{{count}} gün",
  trialDaysValue_other: "{{count}} gün",
  tabs: {
    options: "Seçenekler",
    schedules: "Çalışma saatleri",
    companies: "Şirketler",
    plans: "Planlar",
    helps: "Yardım",
    whitelabel: "Whitelabel",
  },
  groups: {
    attendance: "Hizmet",
    botQueues: "Sohbet botu, kuyruklar ve saatler",
    transfer: "Aktarım",
    calls: "Aramalar",
    lgpd: "LGPD (veri koruma)",
    notifications: "Bildirimler",
    platform: "Platform",
  },
  values: {
    enabled: "Etkin",
    disabled: "Devre dışı",
    queue: "Kuyruk",
    company: "Şirket",
    connection: "Bağlantı",
    text: "Metin",
  },
  keys: {
    userCreation: "Kullanıcı oluşturma",
    downloadLimit: "Dosya indirme sınırı",
    userRating: "Değerlendirmeler",
    scheduleType: "Çalışma saatleri yönetimi",
    chatBotType: "Sohbet botu türü",
    acceptCallWhatsapp: "WhatsApp aramalarını kabul et",
    userRandom: "Rastgele bir temsilci seç",
    sendGreetingMessageOneQueues: "Yalnızca 1 kuyruk varken karşılama gönder",
    sendSignMessage: "Mesajları temsilcinin adıyla imzala",
    sendFarewellWaitingTicket: "Bekleyen taleplerde veda mesajı gönder",
    sendGreetingAccepted: "Talep kabul edilince karşılama gönder",
    sendQueuePosition: "Kuyruktaki sırayı gönder",
    acceptAudioMessageContact: "Tüm kişilerden ses kabul et",
    enableLGPD: "LGPD işlemini etkinleştir",
    requiredTag: "Çözmek için etiket zorunlu",
    lgpdDeleteMessage: "Kişinin sildiği mesajları boşalt",
    lgpdHideNumber: "Kişi numarasını kullanıcılardan gizle",
    lgpdConsent: "Her zaman onay iste",
    lgpdMessage: "Onay mesajı (LGPD)",
    lgpdLink: "Gizlilik politikası bağlantısı",
    sendMsgTransfTicket: "Aktarım mesajı gönder",
    closeTicketOnTransfer: "Başka kuyruğa aktarınca talebi kapat",
    transferMessage: "Aktarım mesajı",
    greetingAcceptedMessage: "Kabulde karşılama mesajı",
    AcceptCallWhatsappMessage: "Reddedilen arama mesajı",
    sendQueuePositionMessage: "Kuyruk sırası mesajı",
    showNotificationPending: "Bekleyen talepleri bildir",
    phoneDefaultCountry: "Telefon numaraları için varsayılan ülke",
    DirectTicketsToWallets: "Talepleri kişinin portföyüne yönlendir",
    allowSignup: "Herkese açık şirket kaydı",
    trialDays: "Kayıtta deneme günleri",
    pixKey: "Platform PIX anahtarı",
    pixMerchantName: "PIX alıcı adı",
    pixMerchantCity: "PIX alıcı şehri",
  },
  help: {
    userCreation: "Platformda yeni kullanıcı oluşturulmasına izin verir.",
    downloadLimit: "Sunucunun şirket için indirdiği en büyük gelen medya. Bir dakika içinde geçerli olur.",
    userRating:
      "Veda mesajıyla çözünce kişi bağlantının değerlendirme mesajını alır ve 0-10 arası yanıt verir; puan talepte saklanır ve talep kapanır. Bağlantılar değerlendirme mesajı ve süresi ister.",
    scheduleType:
      "Hangi saatler geçerli: hiçbiri, her kuyruğun, şirketin (Çalışma saatleri sekmesi) veya her bağlantının. Saat dışında kişi mesai dışı mesajını alır (2 saatte en fazla bir kez) ve talep bekler.",
    chatBotType: "Sohbet botu kuyruk menülerini ve seçenekleri numaralı metin olarak gönderir.",
    acceptCallWhatsapp:
      "Devre dışı: QR kodlu bir bağlantıya gelen arama reddedilir ve arayan reddedilen arama mesajını alır.",
    userRandom:
      "Bir kuyrukta bekleyen talep, sıra yerine kuyruğun rastgele çevrimiçi bir kullanıcısına gider.",
    sendGreetingMessageOneQueues:
      "Bağlantıda tek kuyruk varken yeni talep doğrudan ona girer; etkinse kuyruğun karşılaması gönderilir.",
    sendSignMessage: "Gönderilen mesajlar temsilcinin adını kalın taşır (*Ad:*).",
    sendFarewellWaitingTicket: "Hâlâ bekleyen bir talep çözülünce veda mesajı da gönderilir.",
    sendGreetingAccepted: "Talep kabul edilince kişiye aşağıdaki karşılama mesajı gönderilir.",
    sendQueuePosition: "Kuyruğa giren kişiye sırası bildirilir (aşağıdaki mesaj).",
    acceptAudioMessageContact:
      "Kaydedilir; henüz hizmeti değiştirmez: kişilerin sesli mesajları yine alınır. Her kişi kendi seçeneğini de saklar.",
    enableLGPD:
      "LGPD işlemini açar: kişi onayı, gizli numaralar ve silinen mesajlar, aşağıdaki ayarlara göre.",
    requiredTag: "Bir talep ancak kişinin etiketi varsa çözülebilir.",
    lgpdDeleteMessage:
      "Kişinin sildiği mesajın metni yalnızca silindi olarak işaretlenmek yerine kaldırılır.",
    lgpdHideNumber: "Kullanıcılar (kullanıcı profili) numaraları maskeli görür; yöneticiler tam görür.",
    lgpdConsent:
      "Onayı olmayan kişi aşağıdaki mesajı ve bağlantıyı alır ve devam etmeden önce kabul etmelidir.",
    lgpdMessage: "Kişinin onayını istemek için gönderilen metin.",
    lgpdLink: "Onay mesajıyla birlikte gönderilir.",
    sendMsgTransfTicket:
      "Aktarımda kişi aşağıdaki aktarım mesajını alır; aktarım penceresine yazılan metin önceliklidir.",
    closeTicketOnTransfer:
      "Başka kuyruğa aktarınca talep kapanır ve konuşma o kuyruğun yeni bir talebinde sürer.",
    transferMessage: "Kuyruk adı için {{queue}}, kişi adı için {{name}} kullanın.",
    greetingAcceptedMessage: "Kişi adı için {{name}}, temsilci adı için {{userName}} kullanın.",
    AcceptCallWhatsappMessage: "Arama reddedilince arayana gönderilir.",
    sendQueuePositionMessage: "Kuyruğa giren kişiye sırasıyla birlikte gönderilir.",
    showNotificationPending:
      "Kullanıcılar yalnızca kendi taleplerinden değil, yeni bekleyen taleplerden de haberdar edilir.",
    phoneDefaultCountry:
      "Ülke kodu olmadan (+55…) yazılan numaralar bu ülkeye aittir ve uluslararası biçimde kaydedilir; bu ülkenin numaraları ulusal biçimde gösterilir.",
    DirectTicketsToWallets: "Bir kişinin yeni talepleri doğrudan portföyün sahibi kullanıcıya gider.",
    allowSignup:
      "Etkin: giriş sayfası kayıt bağlantısını gösterir ve herkes herkese açık bir planda şirket oluşturabilir. Devre dışı (veya hiç kaydedilmemiş): kayıt reddedilir.",
    trialDays:
      "Herkese açık kayıtla oluşturulan bir şirketin ilk ödeme tarihi bu kadar gün sonradır (varsayılan 7).",
    pixKey:
      "Fatura ödemelerini burada oluşturulan PIX koduyla alır (yalnızca rakamlarla CPF veya CNPJ, e-posta, +55 telefon veya rastgele anahtar). Her ödemeyi faturada siz onaylarsınız.",
    pixMerchantName: "PIX kodunda görünen ad (en fazla 25 karakter).",
    pixMerchantCity: "PIX kodunda görünen şehir (en fazla 15 karakter).",
  },
  required: {
    transferMessage: "Aktarım mesajı gönderimi etkinken aktarım mesajı zorunludur.",
    greetingAcceptedMessage: "Kabulde karşılama etkinken karşılama mesajı zorunludur.",
    sendQueuePositionMessage: "Sıra gönderimi etkinken kuyruk sırası mesajı zorunludur.",
    AcceptCallWhatsappMessage: "Aramalar kabul edilmezken reddedilen arama mesajı zorunludur.",
  },
  schedules: {
    saved: "Çalışma saatleri başarıyla güncellendi.",
    neverSaved:
      "Çalışma saatleri henüz kaydedilmedi: kaydedilene kadar şirket her zaman açık sayılır. Değişiklikleri kaydetmek için kaydet'e tıklayın.",
    errors: {
      invalidTime: "HH:MM biçimini kullanın",
      shiftIncomplete: "Vardiyanın başlangıcını ve bitişini girin",
      shiftOrder: "Vardiya başladıktan sonra biter",
      duplicateDay: "Tekrarlanan gün",
    },
  },
};

export default settingsTr;

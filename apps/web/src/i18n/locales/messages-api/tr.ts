import type messagesApiPt from "./pt";

const messagesApiTr: typeof messagesApiPt = {
  title: "Mesaj API'si",
  intro:
    "Harici bir sistemden API ile mesaj gönderin: her çağrı bir bağlantının belirtecini kullanır ve o bağlantıdan gider.",
  methods: {
    title: "Gönderim yöntemleri",
    text: "Metin mesajları: JSON gövde.",
    media: "Medya mesajları: dosya medias alanında, multipart/form-data.",
  },
  notes: {
    title: "Önemli notlar",
    token:
      "Belirteç bağlantının ayarlarındadır (Bağlantılar, bağlantıyı düzenle); bir yönetici onu kopyalayabilir veya yenisini oluşturabilir.",
    number:
      "Numara yalnızca rakamlardan oluşur; ülke ve alan kodu dahil, boşluk veya simge olmadan (ör. 5511999999999).",
  },
  docs: {
    title: "Uç nokta belgeleri",
    endpoint: "Uç nokta",
    method: "Yöntem",
    headers: "Başlıklar",
    authorization: "Authorization: Bearer {token} (bağlantının belirteci)",
    contentTypeText: "Content-Type: application/json (metin)",
    contentTypeMedia: "Content-Type: multipart/form-data (medya)",
    idempotency: "Idempotency-Key (isteğe bağlı): aynı anahtar mesajı yeniden göndermez",
    fields: "Alanlar",
    fieldName: "Alan",
    fieldRule: "Açıklama",
    fieldNumber: "Zorunlu. Kişinin numarası.",
    fieldBody: "Metinde zorunlu. Medyada açıklamadır (varsayılan: dosya adı).",
    fieldUserId: "İsteğe bağlı. Talebin atandığı temsilci.",
    fieldQueueId: "İsteğe bağlı. Talebin kuyruğu.",
    fieldSendSignature: "İsteğe bağlı (true/false). Mesajı temsilcinin adıyla imzalar.",
    fieldCloseTicket: "İsteğe bağlı (true/false). Gönderimden sonra talebi kapatır.",
    fieldMedias: "Yalnızca medya: dosya (bir veya daha fazla).",
    sampleBody: "Merhaba!",
    sampleCaption: "Açıklama",
    samplePath: "/yol/dosya.pdf",
    exampleText: "Örnek: metin",
    exampleMedia: "Örnek: medya",
    answer: "Yanıt (200)",
    errors:
      "Hatalar: 401 geçersiz belirteç, 403 planda harici API yok, 400 geçersiz veri, 429 çok fazla çağrı.",
  },
  test: {
    textTitle: "Metin gönderimini dene",
    mediaTitle: "Medya gönderimini dene",
    token: "Bağlantı belirteci",
    number: "Numara",
    body: "Mesaj",
    caption: "Açıklama (isteğe bağlı)",
    chooseFile: "Dosya seç",
    noFile: "Dosya seçilmedi.",
    send: "Gönder",
    sending: "Gönderiliyor...",
    sent: "Mesaj başarıyla gönderildi",
    required: "Zorunlu",
    fileRequired: "Bir dosya seçin",
  },
};
export default messagesApiTr;

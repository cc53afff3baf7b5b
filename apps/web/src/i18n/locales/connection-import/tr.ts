import type connectionImportPt from "./pt";

const connectionImportTr: typeof connectionImportPt = {
  preparing: "Hazırlanıyor",
  progress: "{{all}} mesajın {{done}} tanesi işlendi · {{date}} · %{{percent}}",
  closeImported: "İçe aktarılan talepleri kapat",
  closeImportedTitle: "{{name}} içe aktarılan talepleri kapatılsın mı?",
  closeImportedMessage: "Bu bağlantının içe aktarmasıyla açılan ve henüz kapanmamış talepler kapatılacak.",
  closedImported: "{{count}} içe aktarılan talep kapatıldı.",
  restart: "Bağlantıları yeniden başlat",
  restarting: "Lütfen bekleyin... Bağlantılarınız yeniden başlatılacak!",
  connectedWarning:
    "Bu bağlantı bağlı: içe aktarma açıkken kaydetmek oturumu kapatır; telefonun geçmişi göndermesi için yeni bir QR kodu okutulmalıdır.",
};

export default connectionImportTr;

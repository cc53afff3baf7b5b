import type timelinePt from "./pt";

const timelineTr: typeof timelinePt = {
  sender: {
    bot: "Bot",
  },
  lines: {
    label: "Talep olayları",
    create: "{{user}} talebi başlattı",
    chatBot: "Bot: otomatik hizmet başladı",
    queueByBot: "Bot: {{queue}} kuyruğu seçildi",
    queueByBotNoName: "Bot: kuyruk seçildi",
    queueByUser: "{{user}} {{queue}} kuyruğuna taşıdı",
    queueNoName: "Kuyruk değişti",
    open: "{{user}} talebi kabul etti",
    openNoUser: "Talep kabul edildi",
    transferedToQueue: "{{user}} {{queue}} kuyruğuna aktardı",
    transfered: "{{user}} talebi aktardı",
    transferedNoUser: "{{queue}} kuyruğuna aktarıldı",
    receivedTransfer: "{{user}} aktarımı aldı",
    pending: "{{user}} talebi kuyruğa geri gönderdi",
    pendingNoUser: "Talep bekliyor",
    closed: "{{user}} tarafından çözüldü",
    closedByBot: "Bot: talep kapatıldı",
    reopen: "{{user}} tarafından yeniden açıldı",
    reopenNoUser: "Talep yeniden açıldı",
    redirectToUser: "Bot: talep {{user}} kullanıcısına verildi",
    redirectToQueue: "Bot: {{queue}} kuyruğuna yönlendirildi",
    redirect: "Bot: talep yönlendirildi",
    flowEnded: {
      end: "Bot: akış tamamlandı",
      handoff: "Bot: akış konuşmayı entegrasyona devretti",
      cap: "Bot: akış durduruldu (beklemesiz çok fazla adım)",
      missing: "Bot: akış durduruldu (düğüm veya akış silindi)",
    },
  },
};

export default timelineTr;

import type chatsPt from "./pt";

const chatsTr: typeof chatsPt = {
  title: "Dahili sohbet",
  newChat: "Yeni sohbet",
  tabChats: "Sohbetler",
  tabMessages: "Mesajlar",
  listLabel: "Sohbetler",
  empty: "Sohbet yok.",
  selectChat: "Mesajlarını görmek için bir sohbet seçin.",
  noMessages: "Henüz mesaj yok.",
  loadError: "Yüklenemedi.",
  retry: "Tekrar dene",
  notFound: "Sohbet bulunamadı.",
  messagesLabel: "{{title}} mesajları",
  loadingOlder: "Önceki mesajlar yükleniyor...",
  messagePlaceholder: "Bir mesaj yazın",
  messageLabel: "Mesaj",
  send: "Gönder",
  editLabel: "{{title}} düzenle",
  deleteLabel: "{{title}} sil",
  deleteTitle: "{{title}} sohbeti silinsin mi?",
  deleteMessage: "Sohbet ve tüm mesajları tüm katılımcılar için silinecek.",
  unread_one: "{{count}} okunmamış mesaj",
  unread_other: "{{count}} okunmamış mesaj",
  dialog: {
    addTitle: "Yeni sohbet",
    editTitle: "Sohbeti düzenle",
    title: "Başlık",
    users: "Katılımcılar",
  },
};

export default chatsTr;

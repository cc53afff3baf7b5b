import chatsTr from "../chats/tr";
import type { LocaleShape } from "../pt";
import type topBarPt from "./pt";

const topBarTr: LocaleShape<typeof topBarPt> = {
  announcements: {
    title: "Duyurular",
    withCount_one: "Duyurular: {{count}} görülmemiş",
    withCount_other: "Duyurular: {{count}} görülmemiş",
    listLabel: "Duyuru listesi",
    empty: "Duyuru yok.",
    error: "Duyurular yüklenemedi.",
    retry: "Tekrar dene",
    loadingMore: "Daha fazla duyuru yükleniyor...",
    attachment: "Ek",
    priority1: "Yüksek öncelik",
    priority2: "Orta öncelik",
    priority3: "Düşük öncelik",
  },
  chats: {
    title: "Dahili sohbet",
    withUnread_one: "Dahili sohbet: {{count}} okunmamış konuşma",
    withUnread_other: "Dahili sohbet: {{count}} okunmamış konuşma",
    listLabel: "Dahili sohbet konuşmaları",
    empty: "Konuşma yok.",
    error: "Konuşmalar yüklenemedi.",
    retry: "Tekrar dene",
    loadingMore: "Daha fazla konuşma yükleniyor...",
    newChat: "Yeni sohbet",
    noMessages: "Henüz mesaj yok.",
    unread_one: "{{count}} okunmamış mesaj",
    unread_other: "{{count}} okunmamış mesaj",
  },
  /** The overflow menu that holds the top bar's actions on narrow screens. */
  more: { label: "Diğer işlemler", withNews: "Diğer işlemler: yenilikler var" },
  chatPage: chatsTr,
};

export default topBarTr;

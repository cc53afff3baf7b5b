import type momentsPt from "./pt";

const momentsTr: typeof momentsPt = {
  title: "Destek Paneli",
  pending: "Bekleyenler",
  empty: "Açık veya bekleyen destek talebi yok.",
  emptyColumn: "Destek talebi yok",
  count_one: "{{count}} destek talebi",
  count_other: "{{count}} destek talebi",
  more_one: "ve {{count}} destek talebi daha",
  more_other: "ve {{count}} destek talebi daha",
  noQueue: "Kuyruk yok",
  online: "Çevrimiçi",
  offline: "Çevrimdışı",
  openTicket: "Destek talebini aç",
  openTicketOf: "{{name}} kişisinin destek talebini aç",
  retry: "Tekrar dene",
};

export default momentsTr;

import type { Language, TicketStatus } from "./enums.js";

/**
 * The words of the report's spreadsheet (spec 2 section 7), which the server
 * writes: its sheet name, column headers and status names in each of the
 * app's languages. The web app sends its language with the export.
 */
export const REPORT_EXPORT_COLUMNS = [
  "id",
  "whatsappName",
  "contactName",
  "contactNumber",
  "userName",
  "queueName",
  "status",
  "lastMessage",
  "createdAt",
  "closedAt",
  "supportTime",
  "NPS",
] as const;
export type ReportExportColumn = (typeof REPORT_EXPORT_COLUMNS)[number];

export interface ReportExportLabels {
  sheet: string;
  columns: Record<ReportExportColumn, string>;
  statuses: Record<TicketStatus, string>;
}

export const REPORT_EXPORT_LABELS: Record<Language, ReportExportLabels> = {
  pt: {
    sheet: "RelatorioDeAtendimentos",
    columns: {
      id: "Id",
      whatsappName: "Conexão",
      contactName: "Contato",
      contactNumber: "Número",
      userName: "Usuário",
      queueName: "Fila",
      status: "Status",
      lastMessage: "Última mensagem",
      createdAt: "Abertura",
      closedAt: "Fechamento",
      supportTime: "Tempo de atendimento",
      NPS: "NPS",
    },
    statuses: {
      pending: "Pendente",
      open: "Aberto",
      closed: "Fechado",
      group: "Grupo",
      lgpd: "LGPD",
      nps: "NPS",
    },
  },
  en: {
    sheet: "TicketReport",
    columns: {
      id: "Id",
      whatsappName: "Connection",
      contactName: "Contact",
      contactNumber: "Number",
      userName: "User",
      queueName: "Queue",
      status: "Status",
      lastMessage: "Last message",
      createdAt: "Opened",
      closedAt: "Closed",
      supportTime: "Support time",
      NPS: "NPS",
    },
    statuses: {
      pending: "Pending",
      open: "Open",
      closed: "Closed",
      group: "Group",
      lgpd: "LGPD",
      nps: "NPS",
    },
  },
  es: {
    sheet: "InformeDeAtenciones",
    columns: {
      id: "Id",
      whatsappName: "Conexión",
      contactName: "Contacto",
      contactNumber: "Número",
      userName: "Usuario",
      queueName: "Cola",
      status: "Estado",
      lastMessage: "Último mensaje",
      createdAt: "Apertura",
      closedAt: "Cierre",
      supportTime: "Tiempo de atención",
      NPS: "NPS",
    },
    statuses: {
      pending: "Pendiente",
      open: "Abierto",
      closed: "Cerrado",
      group: "Grupo",
      lgpd: "LGPD",
      nps: "NPS",
    },
  },
  tr: {
    sheet: "DestekRaporu",
    columns: {
      id: "Id",
      whatsappName: "Bağlantı",
      contactName: "Kişi",
      contactNumber: "Numara",
      userName: "Kullanıcı",
      queueName: "Kuyruk",
      status: "Durum",
      lastMessage: "Son mesaj",
      createdAt: "Açılış",
      closedAt: "Kapanış",
      supportTime: "Destek süresi",
      NPS: "NPS",
    },
    statuses: {
      pending: "Bekliyor",
      open: "Açık",
      closed: "Kapalı",
      group: "Grup",
      lgpd: "KVKK",
      nps: "NPS",
    },
  },
};

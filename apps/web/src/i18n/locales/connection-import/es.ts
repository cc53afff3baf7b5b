import type connectionImportPt from "./pt";

const connectionImportEs: typeof connectionImportPt = {
  preparing: "Preparando",
  progress: "Procesadas {{done}} de {{all}} · {{date}} · {{percent}}%",
  closeImported: "Cerrar tickets importados",
  closeImportedTitle: "¿Cerrar los tickets importados de {{name}}?",
  closeImportedMessage:
    "Se cerrarán las atenciones abiertas por la importación de esta conexión que aún no están cerradas.",
  closedImported: "{{count}} atención(es) importada(s) cerrada(s).",
  restart: "Reiniciar conexiones",
  restarting: "Espere... ¡Sus conexiones serán reiniciadas!",
  connectedWarning:
    "Esta conexión está conectada: al guardar con la importación activada, la sesión se desconecta y hay que leer un nuevo código QR para que el teléfono envíe el historial.",
};

export default connectionImportEs;

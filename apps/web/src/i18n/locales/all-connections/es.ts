import type allConnectionsPt from "./pt";

const allConnectionsEs: typeof allConnectionsPt = {
  title: "Todas las conexiones",
  columns: {
    client: "Cliente",
    connected: "Conectadas",
    disconnected: "Desconectadas",
    total: "Total",
    actions: "Acciones",
  },
  totals: "Total general",
  open: "Abrir las conexiones de {{name}}",
  empty: "No hay conexiones registradas.",
  loadError: "No se pudo cargar la lista de registros",
  refresh: "Actualizar",
  dialogTitle: "Conexiones de {{name}}",
  dialogEmpty: "Esta empresa no tiene conexiones.",
  dialogColumns: {
    name: "Nombre",
    channel: "Canal",
    status: "Estado",
    lastUpdate: "Última actualización",
  },
};

export default allConnectionsEs;

/** Message import and session leftovers of the connections page (spec 2 sections 4 and 7). */
const connectionImportPt = {
  preparing: "Preparando",
  progress: "Processadas {{done}} de {{all}} · {{date}} · {{percent}}%",
  closeImported: "Fechar tickets importados",
  closeImportedTitle: "Fechar os tickets importados de {{name}}?",
  closeImportedMessage:
    "Os atendimentos abertos pela importação desta conexão e ainda não encerrados serão fechados.",
  closedImported: "{{count}} atendimento(s) importado(s) fechado(s).",
  restart: "Reiniciar conexões",
  restarting: "Aguarde... Suas conexões serão reiniciadas!",
  connectedWarning:
    "Esta conexão está conectada: ao salvar com a importação ativada, a sessão é desconectada e um novo QR code deve ser lido para o aparelho enviar o histórico.",
};

export default connectionImportPt;

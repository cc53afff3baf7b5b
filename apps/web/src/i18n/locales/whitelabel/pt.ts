/** The whitelabel tab of the settings panel (spec 2, super users). */
const whitelabelPt = {
  colors: "Cores",
  fields: {
    primaryColorLight: "Cor primária (tema claro)",
    primaryColorDark: "Cor primária (tema escuro)",
    appName: "Nome do sistema",
  },
  pickColor: "Escolher a cor",
  hex: "Cor (hexadecimal)",
  invalidColor: "Use o formato #RRGGBB.",
  preview: "Pré-visualização",
  changeColor: "Alterar {{name}}",
  restore: "Restaurar padrão",
  nameHint: "Vazio: o nome padrão.",
  nameTooLong: "Até {{max}} caracteres.",
  logos: {
    light: "Logo (tema claro)",
    dark: "Logo (tema escuro)",
    favicon: "Favicon",
  },
  previewOf: "Pré-visualização: {{name}}",
  noImage: "Nenhuma imagem",
  upload: "Enviar imagem",
  uploadOf: "Enviar {{name}}",
  logoTypes: "PNG, JPEG ou WebP, até 2 MB.",
  faviconTypes: "PNG ou ICO, até 2 MB.",
  saved: "Operação atualizada com sucesso.",
};

export default whitelabelPt;

import type whitelabelPt from "./pt";

const whitelabelEs: typeof whitelabelPt = {
  colors: "Colores",
  fields: {
    primaryColorLight: "Color primario (tema claro)",
    primaryColorDark: "Color primario (tema oscuro)",
    appName: "Nombre del sistema",
  },
  pickColor: "Elegir el color",
  hex: "Color (hexadecimal)",
  invalidColor: "Use el formato #RRGGBB.",
  preview: "Vista previa",
  changeColor: "Cambiar {{name}}",
  restore: "Restaurar predeterminado",
  nameHint: "Vacío: el nombre predeterminado.",
  nameTooLong: "Hasta {{max}} caracteres.",
  logos: {
    light: "Logo (tema claro)",
    dark: "Logo (tema oscuro)",
    favicon: "Favicon",
  },
  previewOf: "Vista previa: {{name}}",
  noImage: "Sin imagen",
  upload: "Subir imagen",
  uploadOf: "Subir {{name}}",
  logoTypes: "PNG, JPEG o WebP, hasta 2 MB.",
  faviconTypes: "PNG o ICO, hasta 2 MB.",
  saved: "Operación actualizada con éxito.",
};

export default whitelabelEs;

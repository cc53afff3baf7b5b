import type whitelabelPt from "./pt";

const whitelabelTr: typeof whitelabelPt = {
  colors: "Renkler",
  fields: {
    primaryColorLight: "Ana renk (açık tema)",
    primaryColorDark: "Ana renk (koyu tema)",
    appName: "Sistem adı",
  },
  pickColor: "Rengi seç",
  hex: "Renk (onaltılık)",
  invalidColor: "#RRGGBB biçimini kullanın.",
  preview: "Önizleme",
  changeColor: "{{name}} değiştir",
  restore: "Varsayılana dön",
  nameHint: "Boş: varsayılan ad.",
  nameTooLong: "En fazla {{max}} karakter.",
  logos: {
    light: "Logo (açık tema)",
    dark: "Logo (koyu tema)",
    favicon: "Favicon",
  },
  previewOf: "Önizleme: {{name}}",
  noImage: "Görsel yok",
  upload: "Görsel yükle",
  uploadOf: "{{name}} yükle",
  logoTypes: "PNG, JPEG veya WebP, en fazla 2 MB.",
  faviconTypes: "PNG veya ICO, en fazla 2 MB.",
  saved: "İşlem başarıyla güncellendi.",
};

export default whitelabelTr;

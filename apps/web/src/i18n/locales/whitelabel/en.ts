import type whitelabelPt from "./pt";

const whitelabelEn: typeof whitelabelPt = {
  colors: "Colours",
  fields: {
    primaryColorLight: "Primary colour (light theme)",
    primaryColorDark: "Primary colour (dark theme)",
    appName: "System name",
  },
  pickColor: "Pick the colour",
  hex: "Colour (hex)",
  invalidColor: "Use the #RRGGBB format.",
  preview: "Preview",
  changeColor: "Change {{name}}",
  restore: "Restore default",
  nameHint: "Empty: the default name.",
  nameTooLong: "Up to {{max}} characters.",
  logos: {
    light: "Logo (light theme)",
    dark: "Logo (dark theme)",
    favicon: "Favicon",
  },
  previewOf: "Preview: {{name}}",
  noImage: "No image",
  upload: "Upload image",
  uploadOf: "Upload {{name}}",
  logoTypes: "PNG, JPEG or WebP, up to 2 MB.",
  faviconTypes: "PNG or ICO, up to 2 MB.",
  saved: "Operation updated successfully.",
};

export default whitelabelEn;

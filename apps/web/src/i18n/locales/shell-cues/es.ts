import type { LocaleShape } from "../pt";
import type shellCuesPt from "./pt";

const shellCuesEs: LocaleShape<typeof shellCuesPt> = {
  reconnecting: "Reconectando…",
  reconnectingHint: "Se perdió la conexión con el servidor; las listas se actualizan cuando vuelva.",
  oneSession: "Cada usuario tiene una sesión a la vez: entrar aquí cierra la sesión abierta en otro lugar.",
  signedOutElsewhere: "Su cuenta fue accedida en otro ordenador. Inicie sesión de nuevo para continuar.",
  noteMode: "Modo nota interna activo: los mensajes quedan solo para el equipo.",
  noteModeOff: "Salir del modo nota",
  emojiSearch: "Buscar emoji",
  emojiLoading: "Cargando emojis...",
  emojiCategories: {
    suggested: "Usados recientemente",
    smileys_people: "Caritas y personas",
    animals_nature: "Animales y naturaleza",
    food_drink: "Comida y bebida",
    travel_places: "Viajes y lugares",
    activities: "Actividades",
    objects: "Objetos",
    symbols: "Símbolos",
    flags: "Banderas",
  },
};

export default shellCuesEs;

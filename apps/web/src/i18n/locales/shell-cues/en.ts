import type { LocaleShape } from "../pt";
import type shellCuesPt from "./pt";

const shellCuesEn: LocaleShape<typeof shellCuesPt> = {
  reconnecting: "Reconnecting…",
  reconnectingHint: "The connection to the server dropped; the lists catch up when it returns.",
  oneSession: "Each user has one session at a time: signing in here ends the session open elsewhere.",
  signedOutElsewhere: "Your account was accessed on another computer. Sign in again to continue.",
  noteMode: "Internal note mode on: messages stay within the team.",
  noteModeOff: "Leave note mode",
  emojiSearch: "Search emoji",
  emojiLoading: "Loading emojis...",
  emojiCategories: {
    suggested: "Recently used",
    smileys_people: "Smileys & people",
    animals_nature: "Animals & nature",
    food_drink: "Food & drink",
    travel_places: "Travel & places",
    activities: "Activities",
    objects: "Objects",
    symbols: "Symbols",
    flags: "Flags",
  },
};

export default shellCuesEn;

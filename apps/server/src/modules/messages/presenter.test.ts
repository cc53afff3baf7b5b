import { describe, expect, it } from "vitest";
import { contactCardsOf } from "./presenter.js";

describe("contactCardsOf", () => {
  it("reads our own sends, the Cloud API's cards and Baileys' vCards", () => {
    expect(contactCardsOf({ vcard: { name: "Ana", number: "5511987654321" } })).toEqual([
      { name: "Ana", number: "5511987654321" },
    ]);
    expect(
      contactCardsOf({
        contacts: [
          {
            name: { formatted_name: "Bruno Lima" },
            phones: [{ phone: "+55 11 98888-7777", wa_id: "5511988887777" }],
          },
          { name: { formatted_name: "Sem Número" } },
        ],
      }),
    ).toEqual([
      { name: "Bruno Lima", number: "5511988887777" },
      { name: "Sem Número", number: "" },
    ]);
    const vcard =
      "BEGIN:VCARD\nVERSION:3.0\nFN:Carla Souza\nTEL;type=CELL;waid=5521977776666:+55 21 97777-6666\nEND:VCARD";
    expect(contactCardsOf({ contacts: [{ name: "Carla", vcard }] })).toEqual([
      { name: "Carla", number: "5521977776666" },
    ]);
    expect(
      contactCardsOf({ contacts: [{ vcard: "BEGIN:VCARD\nFN:Davi\nTEL:+1 555 0100\nEND:VCARD" }] }),
    ).toEqual([{ name: "Davi", number: "+1 555 0100" }]);
    expect(contactCardsOf(null)).toEqual([]);
    expect(contactCardsOf({ contacts: "not a list" })).toEqual([]);
  });
});

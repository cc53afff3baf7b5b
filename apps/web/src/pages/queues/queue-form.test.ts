import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../i18n";
import queuesEn from "../../i18n/locales/queues/en";
import queuesEs from "../../i18n/locales/queues/es";
import queuesTr from "../../i18n/locales/queues/tr";
import { messageText, newOption, type QueueDraft, toBody, toDraft, validate } from "./queue-form";

afterEach(() => {
  void i18n.changeLanguage("pt");
});

/** A draft that breaks every rule the modal checks before sending (spec 2 section 5). */
function brokenDraft(): QueueDraft {
  const long = "x".repeat(4097);
  const withChildren = {
    ...newOption(),
    name: "abc",
    greetingMessage: "",
    options: [
      { ...newOption(), name: "", queueType: "attendent" as const },
      { ...newOption(), name: "Fila de vendas", queueType: "queue" as const, greetingMessage: long },
    ],
  };
  return {
    ...toDraft(),
    name: "A",
    color: "",
    greetingMessage: "",
    outOfHoursMessage: long,
    orderQueue: "-1",
    tempoRoteador: 7,
    chatbots: [withChildren, { ...newOption(), name: "x".repeat(101) }],
  };
}

describe("queue modal validation messages", () => {
  it("finds each broken rule under its field", () => {
    const errors = validate(toBody(brokenDraft(), false), 2);
    expect(Object.keys(errors).sort()).toEqual(
      [
        "name",
        "color",
        "greetingMessage",
        "outOfHoursMessage",
        "orderQueue",
        "tempoRoteador",
        "chatbots.0.name",
        "chatbots.0.greetingMessage",
        "chatbots.0.options.0.name",
        "chatbots.0.options.0.optUserId",
        "chatbots.0.options.1.greetingMessage",
        "chatbots.0.options.1.optQueueId",
        "chatbots.1.name",
      ].sort(),
    );
  });

  it("shows every one in Portuguese, none of the schema's English texts", () => {
    const errors = validate(toBody(brokenDraft(), false), 2);
    const shown = Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, messageText(message, field)]),
    );
    expect(shown).toEqual({
      name: "Informe um nome de 2 a 50 caracteres.",
      color: "Informe uma cor de 3 a 9 caracteres, como #1273DE.",
      greetingMessage: "A mensagem de saudação é obrigatória quando há mais de uma fila.",
      outOfHoursMessage: "A mensagem pode ter no máximo 4096 caracteres.",
      orderQueue: "Informe um número inteiro de 0 a 1000000, ou deixe em branco.",
      tempoRoteador: "Escolha um tempo de rodízio da lista.",
      "chatbots.0.name": "Informe um nome de 4 a 100 caracteres.",
      "chatbots.0.greetingMessage": "Mensagem do bot necessária para seguir para o próximo nível.",
      "chatbots.0.options.0.name": "Informe um nome de 4 a 100 caracteres.",
      "chatbots.0.options.0.optUserId": "Escolha o atendente desta opção.",
      "chatbots.0.options.1.greetingMessage": "A mensagem pode ter no máximo 4096 caracteres.",
      "chatbots.0.options.1.optQueueId": "Escolha a fila desta opção.",
      "chatbots.1.name": "Informe um nome de 4 a 100 caracteres.",
    });
  });

  it.each([
    ["en", queuesEn],
    ["es", queuesEs],
    ["tr", queuesTr],
  ] as const)("shows every one in %s from that language's texts", async (language, texts) => {
    await i18n.changeLanguage(language);
    const errors = validate(toBody(brokenDraft(), false), 2);
    const translations = new Set(Object.values(texts.modal.errors));
    for (const [field, message] of Object.entries(errors)) {
      expect(translations, `${field}: ${message}`).toContain(messageText(message, field));
    }
    expect(messageText("Required", "chatbots.0.options.0.optUserId")).toBe(
      texts.modal.errors.optUserRequired,
    );
  });

  it("translates the server's refusals of the same rules, with the schema's default texts", () => {
    expect(messageText("Too small: expected number to be >=0", "orderQueue")).toBe(
      "Informe um número inteiro de 0 a 1000000, ou deixe em branco.",
    );
    expect(messageText("Invalid rotator time", "tempoRoteador")).toBe(
      "Escolha um tempo de rodízio da lista.",
    );
    expect(messageText("Too Long!", "name")).toBe("Informe um nome de 2 a 50 caracteres.");
    expect(messageText("Too Long!", "color")).toBe("Informe uma cor de 3 a 9 caracteres, como #1273DE.");
    expect(messageText("At most 8 levels of options", "chatbots.0.options.0.options")).toBe(
      "No máximo 8 níveis de opções.",
    );
    expect(messageText("At most 500 options", "chatbots")).toBe("No máximo 500 opções.");
    expect(messageText("Unknown user", "chatbots.0.optUserId")).toBe(
      "Escolha uma fila ou atendente desta empresa.",
    );
    expect(messageText("Invalid time", "schedules.0.startTimeA")).toBe("Horário inválido (HH:MM).");
    // A refusal by error code arrives translated (ERR_QUEUE_COLOR_ALREADY_EXISTS) and shows as it is.
    expect(messageText("Esta cor já está em uso, escolha outra.", "color")).toBe(
      "Esta cor já está em uso, escolha outra.",
    );
  });
});

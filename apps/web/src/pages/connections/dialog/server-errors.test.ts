import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../../i18n";
import connectionDialogEn from "../../../i18n/locales/connection-dialog/en";
import connectionDialogEs from "../../../i18n/locales/connection-dialog/es";
import connectionDialogPt from "../../../i18n/locales/connection-dialog/pt";
import connectionDialogTr from "../../../i18n/locales/connection-dialog/tr";
import { type ConnectionFormInput, connectionFormSchema, toFormValues } from "./connection-form-schema";
import { fieldErrorText } from "./server-errors";

afterEach(() => {
  void i18n.changeLanguage("pt");
});

/** A Cloud API connection that breaks every rule the form checks, and a QR-code one importing without a start. */
function brokenInputs(): ConnectionFormInput[] {
  const cloud = toFormValues("whatsappapi");
  const schedules = cloud.schedules.map((day, index) =>
    index === 1 ? { ...day, startTimeA: "25:00" } : index === 2 ? { ...day, endTimeB: "" } : day,
  );
  return [
    {
      ...cloud,
      name: "A",
      phoneNumberId: "12 34",
      wabaId: "9".repeat(65),
      accessToken: "x".repeat(1025),
      appSecret: "x".repeat(1025),
      verifyToken: "x".repeat(257),
      greetingMessage: "x".repeat(4097),
      maxUseBotQueues: "-1" as unknown as number,
      timeSendQueue: 5,
      collectiveVacationMessage: "Voltamos em fevereiro",
      schedules,
    },
    { ...toFormValues("whatsapp"), name: "Loja", importMessages: true },
  ];
}

/** Every [field, message] the form's schema gives for the broken inputs. */
function formIssues(): [string, string][] {
  return brokenInputs().flatMap((input) =>
    (connectionFormSchema({ userRating: true }).safeParse(input).error?.issues ?? []).map(
      (issue): [string, string] => [issue.path.join("."), issue.message],
    ),
  );
}

/** What the server answers for the same fields (the shared schema's default texts and its own checks). */
const SERVER_ISSUES: [string, string][] = [
  ["name", "A connection with this name already exists"],
  ["queueIds", "Unknown queue"],
  ["sendIdQueue", "Unknown queue"],
  ["accessToken", "Invalid token"],
  ["timeUseBotQueues", "Too small: expected number to be >=0"],
  ["ratingMessage", "Too big: expected string to have <=4096 characters"],
  ["pageId", "Too big: expected string to have <=64 characters"],
];

/** The language's error texts as patterns ("{{max}}" stands for a number). */
function textsOf(errors: Record<string, string>): RegExp[] {
  return Object.values(errors).map(
    (text) =>
      new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{\\{max\\}\\}", "\\d+")}$`),
  );
}

describe("connection dialog validation messages", () => {
  it("the broken inputs fail on every field the dialog checks", () => {
    const fields = new Set(formIssues().map(([field]) => field));
    expect([...fields].sort()).toEqual(
      [
        "name",
        "phoneNumberId",
        "wabaId",
        "accessToken",
        "appSecret",
        "verifyToken",
        "greetingMessage",
        "maxUseBotQueues",
        "sendIdQueue",
        "ratingMessage",
        "expiresTicketNPS",
        "collectiveVacationStart",
        "collectiveVacationEnd",
        "schedules.1.startTimeA",
        "schedules.2.endTimeB",
        "importOldMessages",
      ].sort(),
    );
  });

  it("shows each in Portuguese, none of the schemas' English texts", () => {
    const shown = Object.fromEntries(
      [...formIssues(), ...SERVER_ISSUES].map(([field, message]) => [
        `${field}: ${message}`,
        fieldErrorText(message, field),
      ]),
    );
    expect(shown).toMatchObject({
      "name: Too Short!": "Informe um nome de 2 a 50 caracteres.",
      "phoneNumberId: Invalid id": "Use até 64 letras, números, _ ou -.",
      "accessToken: Too Long!": "No máximo 1024 caracteres.",
      "verifyToken: Too Long!": "No máximo 256 caracteres.",
      "greetingMessage: Too Long!": "No máximo 4096 caracteres.",
      "maxUseBotQueues: invalidNumber": "Informe um número inteiro de 0 a 1000000.",
      "importOldMessages: Required": "Campo obrigatório.",
      "queueIds: Unknown queue": "Escolha filas desta empresa.",
      "accessToken: Invalid token": "O token tem caracteres inválidos (espaços ou acentos).",
      "timeUseBotQueues: Too small: expected number to be >=0": "Informe um número inteiro de 0 a 1000000.",
      "ratingMessage: Too big: expected string to have <=4096 characters": "No máximo 4096 caracteres.",
      "pageId: Too big: expected string to have <=64 characters": "Use até 64 letras, números, _ ou -.",
    });
    const texts = textsOf(connectionDialogPt.errors);
    for (const [issue, text] of Object.entries(shown)) {
      expect(
        texts.some((pattern) => pattern.test(text ?? "")),
        `${issue} shows ${text}`,
      ).toBe(true);
    }
  });

  it.each([
    ["en", connectionDialogEn.errors],
    ["es", connectionDialogEs.errors],
    ["tr", connectionDialogTr.errors],
  ] as const)("shows each in %s from that language's texts", async (language, errors) => {
    await i18n.changeLanguage(language);
    const texts = textsOf(errors);
    for (const [field, message] of [...formIssues(), ...SERVER_ISSUES]) {
      const text = fieldErrorText(message, field) ?? "";
      expect(
        texts.some((pattern) => pattern.test(text)),
        `${field}: ${message} shows ${text}`,
      ).toBe(true);
    }
    expect(fieldErrorText("Too Short!", "name")).toBe(errors.nameLength);
  });
});

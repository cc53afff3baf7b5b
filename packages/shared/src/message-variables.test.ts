import { describe, expect, it } from "vitest";
import { messageVariableValues, renderMessageVariables, timeOfDayGreeting } from "./message-variables.js";

const facts = {
  ticketId: 42,
  contactName: "maria da silva",
  userName: "Ana",
  queueName: "Vendas",
  connectionName: "Loja",
};
// 2026-03-05 14:07:09 UTC
const at = new Date(Date.UTC(2026, 2, 5, 14, 7, 9));

describe("message variables (spec 1 section 3)", () => {
  it("replaces every documented variable", () => {
    const text = renderMessageVariables(
      "{{ms}} {{firstName}} ({{name}}), {{userName}} da fila {{queue}} em {{connection}}: " +
        "ticket {{ticket_id}}, protocolo {{protocol}}, {{date}} {{hour}}",
      facts,
      at,
      "UTC",
    );
    expect(text).toBe(
      "Boa tarde Maria (maria da silva), Ana da fila Vendas em Loja: " +
        "ticket 42, protocolo 2026030514070942, 05/03/2026 14:07:09",
    );
  });

  it("uses the given time zone for the clock and the greeting", () => {
    const values = messageVariableValues(facts, at, "America/Sao_Paulo");
    expect(values.hour).toBe("11:07:09");
    expect(values.ms).toBe("Bom dia");
    expect(values.date).toBe("05/03/2026");
  });

  it("greets by the time of day", () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(timeOfDayGreeting)).toEqual([
      "Boa madrugada",
      "Boa madrugada",
      "Bom dia",
      "Bom dia",
      "Boa tarde",
      "Boa tarde",
      "Boa noite",
      "Boa noite",
    ]);
  });

  it("allows spaces inside the braces and repeats", () => {
    expect(renderMessageVariables("{{ name }} / {{name}}", facts, at, "UTC")).toBe(
      "maria da silva / maria da silva",
    );
  });

  it("leaves unknown variables as written and blanks known ones without a value", () => {
    expect(renderMessageVariables("{{nome}} {{userName}}|{{queue}}|", {}, at, "UTC")).toBe(
      "{{nome}} |" + "|",
    );
  });

  it("returns a text without variables unchanged", () => {
    expect(renderMessageVariables("Obrigado!", facts, at)).toBe("Obrigado!");
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error";
import { buildTag } from "../../test/tags";
import { serverErrors, toBody, toDraft, validate } from "./tag-form";

describe("the tag form", () => {
  it("gives a new tag a random six-digit colour, kanban as asked", () => {
    const draft = toDraft(undefined, true);
    expect(draft.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(draft.kanban).toBe(true);
    expect(toDraft(undefined, false).kanban).toBe(false);
  });

  it("checks the name with spec 2's messages", () => {
    expect(validate(toBody({ ...toDraft(undefined, false), name: "  " })).name).toBe("Obrigatório");
    expect(validate(toBody({ ...toDraft(undefined, false), name: "ab" })).name).toBe("Mensagem muito curta");
    expect(validate(toBody({ ...toDraft(undefined, false), name: "abc" }))).toEqual({});
  });

  it("refuses a bad colour and hours that are not whole", () => {
    const draft = { ...toDraft(undefined, true), name: "Triagem" };
    expect(validate(toBody({ ...draft, color: "red" })).color).toBe("Cor inválida: use #rgb ou #rrggbb.");
    expect(validate(toBody({ ...draft, timeLane: "1.5" })).timeLane).toBe(
      "Informe horas inteiras, 0 ou mais.",
    );
    expect(validate(toBody({ ...draft, timeLane: "-1" })).timeLane).toBe(
      "Informe horas inteiras, 0 ou mais.",
    );
  });

  it("clears the lane fields of a tag that is not a lane", () => {
    const tag = buildTag({
      kanban: 1,
      timeLane: 3,
      nextLaneId: 4,
      rollbackLaneId: 5,
      greetingMessageLane: "Oi",
    });
    expect(toBody({ ...toDraft(tag, false), kanban: false })).toMatchObject({
      kanban: 0,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: null,
    });
    expect(toBody(toDraft(tag, false))).toMatchObject({
      kanban: 1,
      timeLane: 3,
      nextLaneId: 4,
      rollbackLaneId: 5,
      greetingMessageLane: "Oi",
    });
  });

  it("puts the server's refusals under their field, translated", () => {
    expect(
      serverErrors(new ApiError(400, { error: "ERR_TAG_INVALID_LANE", message: "x", field: "nextLaneId" })),
    ).toEqual({ nextLaneId: "A raia deve ser outra tag kanban da empresa." });
    expect(serverErrors(new ApiError(400, { error: "ERR_TAG_NAME_ALREADY_EXISTS", message: "x" }))).toEqual({
      name: "Já existe uma tag com este nome.",
    });
    expect(
      serverErrors(
        new ApiError(400, { error: "ERR_VALIDATION", message: "Tag muito curta!", field: "name" }),
      ),
    ).toEqual({ name: "Mensagem muito curta" });
    expect(serverErrors(new ApiError(403, { error: "ERR_NO_PERMISSION", message: "x" }))).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.js";
import { asksToAccept, type LifecycleActor, type LifecycleTicket, planTransition } from "./lifecycle.js";

const me: LifecycleActor = { id: 1, admin: false, userClosePendingTicket: true };
const admin: LifecycleActor = { id: 9, admin: true, userClosePendingTicket: false };
const restricted: LifecycleActor = { id: 1, admin: false, userClosePendingTicket: false };

const ticket = (over: Partial<LifecycleTicket> = {}): LifecycleTicket => ({
  status: "pending",
  userId: null,
  queueId: 5,
  isGroup: false,
  ...over,
});

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("planTransition: spec 1 section 4, row by row", () => {
  it("accept: pending -> open, assigned to the current user, logged open, greeting allowed", () => {
    const t = planTransition(ticket(), { status: "open", userId: 1, queueId: 5 }, me);
    expect(t).toMatchObject({ action: "accept", log: "open", greet: true });
    expect(t.changes).toMatchObject({ status: "open", userId: 1, queueId: 5 });
  });

  it("accept of a group ticket keeps the group status", () => {
    const t = planTransition(ticket({ isGroup: true, queueId: null }), { status: "open" }, me);
    expect(t.changes).toMatchObject({ status: "group", userId: 1 });
  });

  it("accept without a queue asks for one ('Selecione uma fila'), unless the body brings it", () => {
    const e = errorOf(() => planTransition(ticket({ queueId: null }), { status: "open" }, me));
    expect([e.code, e.field, e.message]).toEqual(["ERR_VALIDATION", "queueId", "Selecione uma fila"]);
    expect(
      planTransition(ticket({ queueId: null }), { status: "open", queueId: 7 }, me).changes.queueId,
    ).toBe(7);
  });

  it("accept of a ticket another attendant holds changes nothing (taken)", () => {
    const t = planTransition(ticket({ status: "open", userId: 2 }), { status: "open", userId: 1 }, me);
    expect(t).toMatchObject({ action: "taken", changes: {} });
    expect(t.log).toBeUndefined();
  });

  it("accept of one's own open ticket is unchanged", () => {
    expect(planTransition(ticket({ status: "open", userId: 1 }), { status: "open" }, me).action).toBe(
      "unchanged",
    );
  });

  it("return to queue: open or group -> pending without user, logged pending", () => {
    for (const status of ["open", "group"]) {
      const t = planTransition(ticket({ status, userId: 1 }), { status: "pending", userId: null }, me);
      expect(t).toMatchObject({ action: "return", log: "pending" });
      expect(t.changes).toMatchObject({ status: "pending", userId: null });
    }
  });

  it("resolve: open -> closed with or without farewell, requiredTag applies", () => {
    const withFarewell = planTransition(
      ticket({ status: "open", userId: 1 }),
      { status: "closed", sendFarewellMessage: true },
      me,
    );
    expect(withFarewell).toMatchObject({
      action: "close",
      log: "closed",
      farewell: true,
      checkRequiredTag: true,
    });
    expect(withFarewell.changes.status).toBe("closed");
    expect(withFarewell.changes.closedAt).toBeInstanceOf(Date);
    const without = planTransition(
      ticket({ status: "open", userId: 1 }),
      { status: "closed", sendFarewellMessage: false },
      me,
    );
    expect(without).toMatchObject({ action: "close", farewell: false });
  });

  it("ignore: pending or lgpd -> closed without farewell, amountUsedBotQueues 0, no requiredTag", () => {
    for (const status of ["pending", "lgpd"]) {
      const t = planTransition(ticket({ status }), { status: "closed", sendFarewellMessage: false }, me);
      expect(t).toMatchObject({ action: "ignore", farewell: false, checkRequiredTag: false, log: "closed" });
      expect(t.changes).toMatchObject({ status: "closed", amountUsedBotQueues: 0 });
    }
  });

  it("closing pending or lgpd needs admin or userClosePendingTicket (ERR_NO_PERMISSION)", () => {
    for (const status of ["pending", "lgpd"]) {
      expect(errorOf(() => planTransition(ticket({ status }), { status: "closed" }, restricted)).code).toBe(
        "ERR_NO_PERMISSION",
      );
      expect(planTransition(ticket({ status }), { status: "closed" }, admin).action).toBe("ignore");
    }
    // An open ticket is resolved by its attendant whatever the setting.
    expect(
      planTransition(ticket({ status: "open", userId: 1 }), { status: "closed" }, restricted).action,
    ).toBe("close");
  });

  it("reopen: closed -> open (group if group) for the current user; needs a queue", () => {
    const t = planTransition(ticket({ status: "closed", userId: 3 }), { status: "open", userId: 1 }, me);
    expect(t).toMatchObject({ action: "reopen", log: "reopen", greet: false });
    expect(t.changes).toMatchObject({ status: "open", userId: 1, closedAt: null });
    expect(
      planTransition(ticket({ status: "closed", isGroup: true, queueId: null }), { status: "open" }, me)
        .changes.status,
    ).toBe("group");
    expect(
      errorOf(() => planTransition(ticket({ status: "closed", queueId: null }), { status: "open" }, me))
        .field,
    ).toBe("queueId");
  });

  it("closing a closed ticket is unchanged; returning a closed one is refused", () => {
    expect(planTransition(ticket({ status: "closed" }), { status: "closed" }, me).action).toBe("unchanged");
    expect(errorOf(() => planTransition(ticket({ status: "closed" }), { status: "pending" }, me)).code).toBe(
      "ERR_VALIDATION",
    );
  });

  it("transfer with a user: open (group if group), logged transfered, transfer message allowed", () => {
    const t = planTransition(
      ticket({ status: "open", userId: 1 }),
      { status: "open", userId: 2, queueId: 6, isTransfered: true },
      me,
    );
    expect(t).toMatchObject({ action: "transfer", log: "transfered", transferMessage: true });
    expect(t.changes).toMatchObject({ status: "open", userId: 2, queueId: 6 });
    expect(
      planTransition(ticket({ isGroup: true }), { userId: 2, queueId: 6, isTransfered: true }, me).changes
        .status,
    ).toBe("group");
  });

  it("transfer without a user: pending in the new queue", () => {
    const t = planTransition(
      ticket({ status: "open", userId: 1 }),
      { userId: null, queueId: 6, isTransfered: true },
      me,
    );
    expect(t.changes).toMatchObject({ status: "pending", userId: null, queueId: 6 });
  });

  it("transfer needs a queue", () => {
    const e = errorOf(() =>
      planTransition(
        ticket({ status: "open", userId: 1, queueId: null }),
        { userId: 2, isTransfered: true },
        me,
      ),
    );
    expect([e.code, e.field]).toEqual(["ERR_VALIDATION", "queueId"]);
  });

  it("asking another user without isTransfered is a transfer too", () => {
    expect(planTransition(ticket(), { status: "open", userId: 2, queueId: 5 }, me).action).toBe("transfer");
    expect(planTransition(ticket({ status: "open", userId: 1 }), { userId: 2 }, me).action).toBe("transfer");
  });

  it("a queue change alone is an update logged queue; flags alone change without a log", () => {
    const q = planTransition(ticket({ status: "open", userId: 1 }), { queueId: 8 }, me);
    expect(q).toMatchObject({ action: "update", log: "queue", changes: { queueId: 8 } });
    const flags = planTransition(ticket(), { useIntegration: true, amountUsedBotQueues: 2 }, me);
    expect(flags).toMatchObject({
      action: "update",
      changes: { useIntegration: true, amountUsedBotQueues: 2 },
    });
    expect(flags.log).toBeUndefined();
    expect(planTransition(ticket(), {}, me).action).toBe("unchanged");
  });

  it("lgpd and nps are not set by attendants", () => {
    expect(errorOf(() => planTransition(ticket(), { status: "lgpd" }, me)).field).toBe("status");
  });

  it("asksToAccept: open or group for oneself, not a transfer", () => {
    expect(asksToAccept({ status: "open" }, 1)).toBe(true);
    expect(asksToAccept({ status: "open", userId: 1 }, 1)).toBe(true);
    expect(asksToAccept({ status: "open", userId: 2 }, 1)).toBe(false);
    expect(asksToAccept({ status: "open", isTransfered: true }, 1)).toBe(false);
    expect(asksToAccept({ status: "closed" }, 1)).toBe(false);
  });
});

import { QUEUE_REQUIRED_MESSAGE } from "@inbox/shared";
import { z } from "zod";

/** A queue select's value: "" until one is chosen ('Selecione uma fila', spec 1 section 5). */
const requiredQueue = z
  .union([z.number(), z.literal("")])
  .refine((value) => value !== "", QUEUE_REQUIRED_MESSAGE);

/** Accept (or reopen) a ticket without a queue: the queue is required. */
export const acceptFormSchema = z.object({ queueId: requiredQueue });
export type AcceptFormInput = z.input<typeof acceptFormSchema>;

/** Transfer: queue required; the user is optional (none: the ticket waits in the queue). */
export const transferFormSchema = z.object({
  queueId: requiredQueue,
  userId: z.number().nullable(),
  message: z.string().max(4096, "Too Long!"),
});
export type TransferFormInput = z.input<typeof transferFormSchema>;

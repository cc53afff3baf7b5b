/**
 * Shutdown's bounded waits: answers whether `work` settled within `ms`. The timer is unref'd, so
 * it never keeps a stopping process alive; what did not finish is left (its state is durable).
 */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
  return Promise.race([settled, late]);
}

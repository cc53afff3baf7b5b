/**
 * Fake servers answer only what a test declares. A request nobody declared (a wrong URL or method)
 * is answered 599 and recorded, and `src/test/setup.ts` fails the test that made it, naming it:
 * a lenient `200 []` would let a wrong URL pass.
 */
const unknownRequests: string[] = [];

export function unknownRequest(method: string | undefined, url: string): Response {
  const request = `${method ?? "GET"} ${url}`;
  unknownRequests.push(request);
  return Response.json(
    { error: "ERR_TEST_UNKNOWN_REQUEST", message: `The fake server has no answer for ${request}` },
    { status: 599 },
  );
}

/** The unknown requests made since the last call, forgotten. */
export function takeUnknownRequests(): string[] {
  return unknownRequests.splice(0);
}

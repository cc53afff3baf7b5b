/**
 * An attendant's signature (sendSignMessage, spec 1 sections 3 and 9): the
 * user's name in WhatsApp's bold, alone on the first line, `*Ana:*\n`.
 */
export function signatureOf(userName: string): string {
  return `*${userName}:*\n`;
}

/**
 * `body` signed by `userName`. An empty body stays empty (a file without a
 * caption gets no line of its own), and a body that already starts with the
 * signature is left as it is: a client that signs its text itself (as the
 * original web app did) is not signed twice.
 */
export function signedBody(body: string, userName: string): string {
  if (!body) return body;
  const signature = signatureOf(userName);
  return body.startsWith(signature) ? body : `${signature}${body}`;
}

import type { Page } from "@playwright/test";
import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * Files never run as the app (issue 8, section 1). A contact sends an HTML
 * document and an SVG with a script over meta-sim; a profile image of HTML
 * bytes named .png is uploaded. The attendant opens each file: were any
 * script to run on the app's origin, it would leave a flag in localStorage,
 * a cookie and the opener window, which the test reads afterwards.
 */

const PHONE_NUMBER_ID = "309988776655001";
const ACCESS_TOKEN = "EAAG-e2e-safe-files-token";
const APP_SECRET = "e2e-safe-files-app-secret";
// A number no other spec uses: a known contact keeps the name it was first stored with.
const CONTACT = "5511955553333";
const CONTACT_NAME = "Cliente Arquivos";

/** What each hostile file runs, if a browser ever runs it: every way to tell the test. */
const PAYLOAD =
  "try{localStorage.setItem('pwned','1')}catch(e){};" +
  "try{document.cookie='pwned=1; path=/'}catch(e){};" +
  "try{window.opener&&(window.opener.pwned=1)}catch(e){};" +
  "try{parent!==window&&(parent.pwned=1)}catch(e){}";
const HTML = `<!doctype html><html><body><h1>Fatura</h1><script>${PAYLOAD}</script></body></html>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="${PAYLOAD.replaceAll('"', "&quot;")}"><script>${PAYLOAD}</script><rect width="10" height="10"/></svg>`;
const base64 = (text: string) => Buffer.from(text).toString("base64");

async function flags(page: Page) {
  return page.evaluate(() => ({
    storage: localStorage.getItem("pwned"),
    cookie: document.cookie.includes("pwned"),
    opener: (window as unknown as { pwned?: number }).pwned ?? null,
  }));
}

test("an HTML document, an SVG with a script and HTML posing as a profile picture never run script on the app", async ({
  page,
  request,
  baseURL,
}) => {
  // Popups, downloads and a reload on a loaded 2-core machine.
  test.setTimeout(180_000);
  const api = await adminApi(request);
  await api.cloudConnection(baseURL as string, {
    name: "Cloud arquivos",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
  });

  // A profile image of HTML bytes, named .png and sent as image/png: refused by its bytes.
  const me = await request.get("/auth/me", { headers: { authorization: `Bearer ${api.token}` } });
  expect(me.ok(), await me.text()).toBe(true);
  const adminId = ((await me.json()) as { id: number }).id;
  const upload = await request.post(`/users/${adminId}/media-upload`, {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { profileImage: { name: "me.png", mimeType: "image/png", buffer: Buffer.from(HTML) } },
  });
  expect(upload.status(), await upload.text()).toBe(400);
  expect(await upload.json()).toMatchObject({ error: "ERR_FILE_TYPE_NOT_ALLOWED" });

  // The contact sends both files over the Cloud API.
  for (const event of [
    {
      type: "document",
      filename: "invoice.html",
      caption: "segue a fatura",
      media: { base64: base64(HTML), mimeType: "text/html", filename: "invoice.html" },
    },
    { type: "image", caption: "nosso logo", media: { base64: base64(SVG), mimeType: "image/svg+xml" } },
  ]) {
    const sent = await request.post(`${META_SIM_URL}/_sim/inbound`, {
      data: { accountId: PHONE_NUMBER_ID, from: CONTACT, name: CONTACT_NAME, ...event },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  // The attendant (a new login: the API session above ends) opens the conversation under the app's CSP,
  // which the app itself never trips (MUI's styles, socket.io, zod without eval).
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const response = await page.goto("/tickets");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.getByRole("tab", { name: /^Aguardando/ }).click();
  await page
    .getByRole("list", { name: "Lista de atendimentos" })
    .getByRole("button")
    .filter({ hasText: CONTACT_NAME })
    .click();
  const conversation = page.getByRole("list", { name: "Mensagens" });
  await expect(conversation.getByText("segue a fatura")).toBeVisible();
  await expect(conversation.getByText("nosso logo")).toBeVisible();

  const links = conversation.locator('a[href*="/public/"]');
  await expect(links).toHaveCount(2);
  const hrefs = await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) {
    // Never the sender's extension: the bytes decided (HTML and SVG are no known type: .bin).
    expect(href).not.toMatch(/\.(html?|svg|xml)$/i);
    const file = await request.get(href);
    expect(file.headers()["content-type"]).toBe("application/octet-stream");
    expect(file.headers()["content-disposition"]).toBe("attachment");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["content-security-policy"]).toBe("sandbox; default-src 'none'");
  }

  // Clicking each link, as the attendant would: the document card's button names a download (same
  // origin), so Chromium saves the file, under our extension, and opens no page of the app.
  for (const link of await links.all()) {
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).not.toMatch(/\.(html?|svg|xml)$/i);
    await file.cancel();
  }
  // And each file opened straight in a tab of its own.
  for (const href of hrefs) {
    const tab = await page.context().newPage();
    await tab.goto(href).catch(() => {
      // An attachment is a download: Chromium reports the navigation as aborted.
    });
    await tab.close();
  }

  expect(await flags(page)).toEqual({ storage: null, cookie: false, opener: null });
  await page.reload();
  await expect(conversation.getByText("segue a fatura")).toBeVisible({ timeout: 30_000 });
  expect(await flags(page)).toEqual({ storage: null, cookie: false, opener: null });
  expect(violations).toEqual([]);
  await page.screenshot({ path: ".tmp/results/safe-files-conversation.png" });

  // Leave no waiting ticket behind: later specs count the pending tab.
  const uuid = new URL(page.url()).pathname.split("/").pop() as string;
  const cleanup = await adminApi(request);
  const headers = { authorization: `Bearer ${cleanup.token}` };
  const ticket = await request.get(`/tickets/u/${uuid}`, { headers });
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const { id } = (await ticket.json()) as { id: number };
  const removed = await request.delete(`/tickets/${id}`, { headers });
  expect(removed.ok(), await removed.text()).toBe(true);
});

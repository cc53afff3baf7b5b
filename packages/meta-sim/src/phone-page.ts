/**
 * The phone-like page served at `/`: a person chats as a contact. Plain HTML
 * and a small inline script over the `/_sim/` endpoints; no build step.
 * Every text from the server goes through textContent, never innerHTML.
 * `/?account=&contact=&name=` opens that chat at once.
 */
export const PHONE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>meta-sim phone</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px system-ui, sans-serif; background: #e7e3dc; display: flex; gap: 24px;
         justify-content: center; align-items: flex-start; padding: 24px; flex-wrap: wrap; }
  .panel { background: #fff; border-radius: 12px; padding: 16px; width: 280px; box-shadow: 0 2px 8px #0002; }
  .panel label { display: block; margin-top: 10px; font-size: 12px; color: #555; }
  .panel input, .panel select { width: 100%; padding: 6px; margin-top: 2px; }
  .panel button { margin-top: 12px; width: 100%; padding: 8px; }
  .phone { width: 360px; height: 680px; background: #111; border-radius: 36px; padding: 14px;
           box-shadow: 0 8px 24px #0004; display: flex; }
  .screen { flex: 1; border-radius: 24px; overflow: hidden; display: flex; flex-direction: column; background: #efeae2; }
  header { background: #075e54; color: #fff; padding: 14px 16px; }
  header .sub { font-size: 11px; opacity: .8; }
  #messages { flex: 1; overflow-y: auto; padding: 10px; display: flex; flex-direction: column; gap: 6px; }
  .bubble { max-width: 78%; padding: 6px 9px 4px; border-radius: 8px; box-shadow: 0 1px 1px #0002;
            white-space: pre-wrap; word-break: break-word; }
  .in { align-self: flex-end; background: #d9fdd3; }
  .out { align-self: flex-start; background: #fff; }
  .meta { font-size: 10px; color: #667; text-align: right; margin-top: 2px; }
  .tick-read { color: #34b7f1; } .tick-failed { color: #d33; }
  .bubble img { max-width: 100%; border-radius: 6px; display: block; }
  form { display: flex; gap: 6px; padding: 8px; background: #f0f0f0; }
  form input[type=text] { flex: 1; padding: 10px; border-radius: 20px; border: 1px solid #ccc; }
  form button { border-radius: 20px; border: 0; background: #075e54; color: #fff; padding: 0 14px; }
  #status { font-size: 12px; color: #a00; min-height: 1em; margin-top: 8px; }
</style>
</head>
<body>
<div class="panel">
  <strong>meta-sim</strong>
  <label>Account (phone_number_id, page id or IG id)
    <input id="account" list="accounts" placeholder="pick or type">
    <datalist id="accounts"></datalist>
  </label>
  <label>Contact (number, PSID or IGSID)
    <input id="contact" list="contacts" placeholder="5511999990000">
    <datalist id="contacts"></datalist>
  </label>
  <label>Contact name <input id="name" placeholder="Maria Silva"></label>
  <label><input id="receipts" type="checkbox" checked style="width:auto"> send read receipts</label>
  <button id="open" type="button">Open chat</button>
  <div id="status"></div>
</div>
<div class="phone"><div class="screen">
  <header><div id="title">No chat open</div><div class="sub" id="subtitle">pick an account and a contact</div></header>
  <div id="messages"></div>
  <form id="composer">
    <input id="file" type="file" hidden>
    <button type="button" id="attach" title="Attach">+</button>
    <input id="text" type="text" placeholder="Message" autocomplete="off">
    <button type="submit">Send</button>
  </form>
</div></div>
<script>
const $ = (id) => document.getElementById(id);
let accounts = [];
let chat = null;
let lastRender = "";

async function api(path, body) {
  const res = await fetch("/_sim/" + path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || res.statusText);
  return json;
}

function say(text) { $("status").textContent = text || ""; }

async function loadAccounts() {
  accounts = (await api("accounts")).accounts;
  const list = $("accounts");
  list.replaceChildren(...accounts.map((a) => {
    const option = document.createElement("option");
    option.value = a.accountId;
    option.label = a.channel + " - " + a.name;
    return option;
  }));
  if (!$("account").value && accounts[0]) $("account").value = accounts[0].accountId;
  await loadContacts();
}

async function loadContacts() {
  const account = $("account").value.trim();
  if (!account) return;
  const { contacts } = await api("conversations?account=" + encodeURIComponent(account));
  $("contacts").replaceChildren(...contacts.map((c) => {
    const option = document.createElement("option");
    option.value = c.contact;
    option.label = c.name || c.contact;
    return option;
  }));
}

function openChat() {
  const accountId = $("account").value.trim();
  const contact = $("contact").value.trim();
  const account = accounts.find((a) => a.accountId === accountId);
  if (!account) return say("Unknown account: register it first (POST /_sim/accounts)");
  if (!contact) return say("Type the contact's number or id");
  chat = { account, contact, name: $("name").value.trim() };
  $("title").textContent = chat.name || contact;
  $("subtitle").textContent = account.channel + " via " + account.name;
  lastRender = "";
  say("");
  refresh();
}

function ticks(item) {
  if (item.status === "failed") return ["!", "tick-failed"];
  if (item.status === "read") return ["\\u2713\\u2713", "tick-read"];
  if (item.status === "delivered") return ["\\u2713\\u2713", ""];
  if (item.status === "sent") return ["\\u2713", ""];
  return ["\\u25F7", ""];
}

function render(items) {
  const box = $("messages");
  const signature = JSON.stringify(items);
  if (signature === lastRender) return;
  lastRender = signature;
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.replaceChildren(...items.map((item) => {
    const bubble = document.createElement("div");
    bubble.className = "bubble " + item.direction;
    if (item.mediaUrl && /image|sticker/.test(item.type)) {
      const img = document.createElement("img");
      img.src = item.mediaUrl;
      img.alt = item.type;
      bubble.append(img);
    }
    const text = document.createElement("div");
    text.textContent = item.text;
    bubble.append(text);
    const meta = document.createElement("div");
    meta.className = "meta";
    const [mark, cls] = ticks(item);
    const tick = document.createElement("span");
    tick.textContent = " " + mark;
    tick.className = cls;
    tick.title = item.error || item.status;
    meta.textContent = new Date(item.at).toLocaleTimeString();
    meta.append(tick);
    bubble.append(meta);
    return bubble;
  }));
  if (atBottom) box.scrollTop = box.scrollHeight;
}

async function refresh() {
  if (!chat) return;
  try {
    const query = "account=" + encodeURIComponent(chat.account.accountId) + "&contact=" + encodeURIComponent(chat.contact);
    const { items } = await api("conversations?" + query);
    render(items);
    const unread = items.some((i) => i.direction === "out" && i.type !== "reaction" && (i.status === "pending" || i.status === "sent" || i.status === "delivered"));
    if ($("receipts").checked && unread && document.visibilityState === "visible") {
      await api("read", { accountId: chat.account.accountId, contact: chat.contact });
    }
  } catch (error) { say(error.message); }
}

async function send(spec) {
  if (!chat) return say("Open a chat first");
  const body = { accountId: chat.account.accountId, from: chat.contact, ...spec };
  if (chat.name) body.name = chat.name;
  try {
    const result = await api("inbound", body);
    say(result.status >= 200 && result.status < 300 ? "" : "Webhook answered " + result.status + " " + result.body);
    refresh();
  } catch (error) { say(error.message); }
}

$("composer").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("text").value;
  if (!text.trim()) return;
  $("text").value = "";
  send(chat && chat.account.channel === "whatsappapi" ? { type: "text", body: text } : { type: "text", text });
});

$("attach").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file || !chat) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
  const media = { base64: btoa(binary), mimeType: file.type || "application/octet-stream", filename: file.name };
  const kind = /^image\\//.test(media.mimeType) ? "image" : /^video\\//.test(media.mimeType) ? "video"
    : /^audio\\//.test(media.mimeType) ? "audio" : "document";
  if (chat.account.channel === "whatsappapi") {
    send(kind === "document" ? { type: "document", filename: file.name, media } : { type: kind, media });
  } else {
    send({ type: "attachment", attachmentType: kind === "document" ? "file" : kind, media });
  }
  $("file").value = "";
});

$("open").addEventListener("click", openChat);
$("account").addEventListener("change", loadContacts);
// ?account=&contact=&name= fill the form and open that chat (the demo prints such a link).
const preset = new URLSearchParams(location.search);
for (const key of ["account", "contact", "name"]) if (preset.get(key)) $(key).value = preset.get(key);
loadAccounts()
  .then(() => { if (preset.get("account") && preset.get("contact")) openChat(); })
  .catch((error) => say(error.message));
setInterval(refresh, 1000);
setInterval(() => loadAccounts().catch(() => {}), 10000);
</script>
</body>
</html>
`;

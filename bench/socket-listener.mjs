// The attendant's socket for bench/ingest.ts, on a thread of its own: the
// load generator keeps the main thread busy, and a socket event waiting
// behind it would be timed late. Every new message of company 1 reaches this
// socket; its body is "load <index>", and the load generator writes each
// message's send time to sentAt[index] (a SharedArrayBuffer, workerData).
//
// It speaks socket.io v5 over engine.io v4 on a bare WebSocket, and reads each
// event's bytes only as far as the message index: decoding every event (a
// whole ticket and message) would cost the shared cores more than the rest of
// the listening. The same message's body also comes back as the ticket's
// lastMessage, in this event and in the company-1-ticket one: only the
// message's own "body" in a company-1-appMessage "create" is counted.
import { writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

const { sentAt } = workerData;
// engine.io packets: 0 open, 2 ping (answered 3), 4 message; socket.io's within: 0 CONNECT, 2 EVENT, 4 CONNECT_ERROR.
const OPEN = Buffer.from("0");
const PING = Buffer.from("2");
const CONNECTED = Buffer.from("40");
const CONNECT_ERROR = Buffer.from("44");
const CREATED = Buffer.from('42["company-1-appMessage",{"action":"create"');
const BODY = Buffer.from('"body":"load ');
const latencies = [];
const pairs = [];

const url = new URL("/socket.io/?EIO=4&transport=websocket", workerData.url.replace(/^http/, "ws"));
// Frames are matched as bytes, never decoded: their UTF-8 need not be checked either.
const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
socket.once("error", (error) => parentPort.postMessage({ error: String(error) }));
socket.on("message", (data) => {
  if (startsWith(data, CREATED)) {
    const at = data.indexOf(BODY);
    if (at < 0) return;
    let index = 0;
    for (let i = at + BODY.length; data[i] >= 0x30 && data[i] <= 0x39; i += 1)
      index = index * 10 + data[i] - 0x30;
    const sent = sentAt[index];
    const latency = Date.now() - sent;
    latencies.push(latency);
    if (process.env.BENCH_DUMP) pairs.push([sent, latency]);
  } else if (data.equals(PING)) {
    socket.send("3");
  } else if (startsWith(data, OPEN)) {
    socket.send(`40${JSON.stringify({ token: workerData.token })}`);
  } else if (startsWith(data, CONNECTED)) {
    socket.send('42["joinNotification"]');
    // Give the server a moment to join the room before the load starts.
    setTimeout(() => parentPort.postMessage({ ready: true }), 300);
  } else if (startsWith(data, CONNECT_ERROR)) {
    parentPort.postMessage({ error: data.toString().slice(2) });
  }
});
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  socket.close();
  // BENCH_DUMP=<file>: the raw [send time, latency] pairs, to see when the slow ones happened.
  if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(pairs));
  parentPort.postMessage({ latencies });
});

function startsWith(data, prefix) {
  return data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;
}

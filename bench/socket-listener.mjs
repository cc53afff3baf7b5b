// The attendant's socket for bench/ingest.ts, on a thread of its own: the
// load generator keeps the main thread busy, and a socket event waiting
// behind it would be timed late. Every new message of company 1 reaches
// this socket; its body ends with "@<send time in ms>".
import { writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { io } from "socket.io-client";

const latencies = [];
const pairs = [];
const socket = io(workerData.url, { auth: { token: workerData.token }, transports: ["websocket"] });
socket.once("connect_error", (error) => parentPort.postMessage({ error: String(error) }));
socket.once("connect", () => {
  socket.emit("joinNotification");
  // Give the server a moment to join the room before the load starts.
  setTimeout(() => parentPort.postMessage({ ready: true }), 300);
});
socket.on("company-1-appMessage", (event) => {
  if (event.action !== "create" || !event.message) return;
  const sentAt = Number(/@(\d+)$/.exec(event.message.body)?.[1]);
  if (sentAt) latencies.push(Date.now() - sentAt);
  if (sentAt && process.env.BENCH_DUMP) pairs.push([sentAt, Date.now() - sentAt]);
});
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  socket.disconnect();
  // BENCH_DUMP=<file>: the raw [send time, latency] pairs, to see when the slow ones happened.
  if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(pairs));
  parentPort.postMessage({ latencies });
});

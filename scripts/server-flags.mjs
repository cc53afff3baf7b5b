// The Node.js flags the server runs with (`npm start`, the package's start script, the benchmarks).
//
// --max-semi-space-size=64: a young generation of 64 MB per semi-space instead of V8's 16. The
// webhook path allocates a request, a parsed payload and a few rows per message; with the default
// V8 ran a scavenge about twelve times a second at 2,000 webhooks/s, each a pause of the event loop
// (3.6 ms on average, up to 15), and the socket events of the messages behind it waited. With 64 MB:
// webhook p99 26-52 ms -> 21-25 ms, webhook-to-socket p99 114-203 ms -> 89-125 ms (bench/README.md,
// session 19).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

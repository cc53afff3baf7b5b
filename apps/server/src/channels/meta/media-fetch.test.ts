import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowedHosts,
  graphHostEntry,
  isPublicAddress,
  type MediaFetchError,
  MediaFetcher,
  parseHostRule,
  type Resolver,
} from "./media-fetch.js";

/** A local HTTP server that records every request it gets. */
async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let target: Awaited<ReturnType<typeof localServer>>;
let other: Awaited<ReturnType<typeof localServer>>;
let cdn: Awaited<ReturnType<typeof localServer>>;

beforeAll(async () => {
  // A service on the server's network that must never be reached.
  target = await localServer((_req, res) => res.end("internal secret"));
  // A second allowed origin, to see which headers follow a redirect.
  other = await localServer((_req, res) => res.end("other"));
  // Stands in for an allowed CDN.
  cdn = await localServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/image.png") {
      res.setHeader("content-type", "image/png");
      return res.end(PNG);
    }
    if (path === "/to-loopback") {
      res.statusCode = 302;
      res.setHeader("location", `http://127.0.0.1:${target.port}/admin`);
      return res.end();
    }
    if (path === "/to-metadata") {
      res.statusCode = 301;
      res.setHeader("location", "http://169.254.169.254/latest/meta-data/");
      return res.end();
    }
    if (path === "/to-cdn-name") {
      res.statusCode = 307;
      res.setHeader("location", "https://scontent.xx.fbcdn.net/v/t1/photo.jpg");
      return res.end();
    }
    if (path === "/to-other") {
      res.statusCode = 302;
      res.setHeader("location", `${other.url}/file`);
      return res.end();
    }
    if (path === "/to-self") {
      res.statusCode = 302;
      res.setHeader("location", "/image.png");
      return res.end();
    }
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) {
      res.statusCode = 302;
      res.setHeader("location", `/loop/${Number(loop[1]) + 1}`);
      return res.end();
    }
    if (path === "/big") {
      res.setHeader("content-length", "5000");
      return res.end(Buffer.alloc(5000));
    }
    if (path === "/big-chunked") {
      res.write(Buffer.alloc(3000));
      return res.end(Buffer.alloc(3000));
    }
    if (path === "/slow") {
      res.write("started");
      return; // never ends
    }
    res.statusCode = 404;
    res.end();
  });
});
afterAll(async () => {
  await Promise.all([target.close(), other.close(), cdn.close()]);
});

function fetcher(options: { allow?: string[]; resolve?: Resolver; max?: number; timeoutMs?: number } = {}) {
  return new MediaFetcher({
    allow: allowedHosts(
      (options.allow ?? ["meta", `127.0.0.1:${cdn.port}`, `127.0.0.1:${other.port}`]).join(","),
    ),
    ...(options.resolve ? { resolve: options.resolve } : {}),
    defaultMaxBytes: options.max ?? 4096,
    timeoutMs: options.timeoutMs ?? 5000,
  });
}

async function refusal(promise: Promise<unknown>): Promise<MediaFetchError> {
  try {
    await promise;
  } catch (error) {
    return error as MediaFetchError;
  }
  throw new Error("the fetch was not refused");
}

describe("media fetch: what is allowed", () => {
  it("fetches from an allowed host:port and keeps the type", async () => {
    const file = await fetcher().fetch(`${cdn.url}/image.png`);
    expect(file.bytes.equals(PNG)).toBe(true);
    expect(file.mimeType).toBe("image/png");
  });

  it("follows a redirect inside allowed hosts", async () => {
    const file = await fetcher().fetch(`${cdn.url}/to-self`);
    expect(file.bytes.equals(PNG)).toBe(true);
  });

  it("parses the allow list: meta, names, patterns, host:port; refuses junk", () => {
    const rules = allowedHosts("meta, media.example.com, 127.0.0.1:4010, [::1]:5000");
    expect(rules).toContainEqual({ host: "fbcdn.net", wildcard: true, port: null });
    expect(rules).toContainEqual({ host: "graph.facebook.com", wildcard: false, port: null });
    expect(rules).toContainEqual({ host: "media.example.com", wildcard: false, port: null });
    expect(rules).toContainEqual({ host: "127.0.0.1", wildcard: false, port: 4010 });
    expect(rules).toContainEqual({ host: "::1", wildcard: false, port: 5000 });
    expect(allowedHosts(undefined).map((r) => r.host)).toContain("fbsbx.com");
    expect(allowedHosts("cdn.example.com").map((r) => r.host)).toEqual(["cdn.example.com"]);
    for (const bad of ["http://x.com", "*.10.0.0.1", "a b", "x.com:99999", "*.x.com:80", "x/y"]) {
      expect(() => parseHostRule(bad), bad).toThrow();
    }
    expect(graphHostEntry("http://127.0.0.1:4010")).toBe("127.0.0.1:4010");
    expect(graphHostEntry("https://graph.facebook.com")).toBe("graph.facebook.com");
  });

  it("classifies addresses with ipaddr.js: only public unicast passes", () => {
    for (const bad of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
    for (const good of ["157.240.1.35", "31.13.64.1", "2a03:2880:f10d:83:face:b00c:0:25de"]) {
      expect(isPublicAddress(good), good).toBe(true);
    }
  });
});

describe("media fetch: the socket connects to the address that was checked", () => {
  it("the checked lookup hands Node's socket the resolved addresses, one or all", async () => {
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const f = new MediaFetcher({ allow: [], resolve, addressAllowed: (a) => a === "127.0.0.1" });
    const lookup = f.checkedLookup("cdn.example") as unknown as (
      host: string,
      options: { all?: boolean },
      cb: (...args: unknown[]) => void,
    ) => void;
    const one = await new Promise<unknown[]>((r) => lookup("cdn.example", {}, (...args) => r(args)));
    expect(one).toEqual([null, "127.0.0.1", 4]);
    const all = await new Promise<unknown[]>((r) =>
      lookup("cdn.example", { all: true }, (...args) => r(args)),
    );
    expect(all).toEqual([null, [{ address: "127.0.0.1", family: 4 }]]);
    // A real socket, given a name, connects where the checked lookup said.
    const before = cdn.hits.length;
    const socket = connect({ host: "cdn.example", port: cdn.port, lookup: f.checkedLookup("cdn.example") });
    await new Promise<void>((resolveConnect, reject) => {
      socket.once("connect", () => {
        socket.end("GET /image.png HTTP/1.1\r\nHost: cdn.example\r\nConnection: close\r\n\r\n");
      });
      socket.resume(); // read the answer, so the socket can end
      socket.once("close", () => resolveConnect());
      socket.once("error", reject);
    });
    expect(cdn.hits.length).toBe(before + 1);
    // The same socket is refused when the resolved address is not allowed.
    const strict = new MediaFetcher({ allow: [], resolve });
    const refused = connect({
      host: "cdn.example",
      port: cdn.port,
      lookup: strict.checkedLookup("cdn.example"),
    });
    const error = await new Promise<Error>((r) => refused.once("error", r));
    expect((error as MediaFetchError).reason).toBe("refused");
    expect(cdn.hits.length).toBe(before + 1);
  });
});

describe("media fetch: what is refused", () => {
  it("a host that is not allowed (a loopback port) is never contacted", async () => {
    const error = await refusal(fetcher().fetch(`${target.url}/admin`));
    expect(error.reason).toBe("refused");
    expect(error.message).not.toContain("secret");
    expect(target.hits).toHaveLength(0);
  });

  it("addresses that are not public are refused even when an operator lists them by name", async () => {
    const f = fetcher({
      allow: ["127.0.0.1", "169.254.169.254", "10.0.0.7", "100.64.0.1", "::1", "fd00::1", "localhost"],
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    for (const url of [
      "https://127.0.0.1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.7/",
      "https://100.64.0.1/",
      "https://[::1]/",
      "https://[fd00::1]/",
      "https://localhost/",
    ]) {
      const error = await refusal(f.fetch(url));
      expect(error.reason, url).toBe("refused");
    }
  });

  it("the check happens after DNS resolution: an allowed name resolving to a private address is refused", async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return hostname.startsWith("mixed")
        ? [
            { address: "157.240.1.35", family: 4 },
            { address: "10.0.0.5", family: 4 },
          ]
        : [{ address: "169.254.169.254", family: 4 }];
    };
    const f = fetcher({ resolve });
    expect((await refusal(f.fetch("https://scontent.xx.fbcdn.net/photo.jpg"))).reason).toBe("refused");
    expect((await refusal(f.fetch("https://mixed.fbsbx.com/photo.jpg"))).reason).toBe("refused");
    expect(asked).toEqual(["scontent.xx.fbcdn.net", "mixed.fbsbx.com"]);
  });

  it("every redirect is checked again: to loopback, to metadata, to a name resolving to loopback", async () => {
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const f = fetcher({ resolve });
    for (const path of ["/to-loopback", "/to-metadata", "/to-cdn-name"]) {
      const error = await refusal(f.fetch(`${cdn.url}${path}`));
      expect(error.reason, path).toBe("refused");
    }
    expect(target.hits).toHaveLength(0);
  });

  it("at most three redirects", async () => {
    const error = await refusal(fetcher().fetch(`${cdn.url}/loop/0`));
    expect(error.reason).toBe("refused");
    expect(error.message).toMatch(/redirects/);
  });

  it("other schemes, http on a name-only host, other ports and credentials in the URL are refused", async () => {
    const f = fetcher();
    for (const url of [
      "file:///etc/passwd",
      "ftp://scontent.fbcdn.net/x",
      "http://scontent.fbcdn.net/x",
      "https://scontent.fbcdn.net:8443/x",
      `http://user:pass@127.0.0.1:${cdn.port}/image.png`,
      "https://fbcdn.net.evil.example/x",
      "not a url",
    ]) {
      expect((await refusal(f.fetch(url))).reason, url).toBe("refused");
    }
  });

  it("a token goes only to the first URL's origin, never after a redirect elsewhere", async () => {
    const before = other.hits.length;
    await fetcher().fetch(`${cdn.url}/to-other`, { headers: { authorization: "Bearer secret-token" } });
    expect(other.hits.length).toBe(before + 1);
    expect(other.hits.at(-1)?.headers.authorization).toBeUndefined();
    await fetcher().fetch(`${cdn.url}/to-self`, { headers: { authorization: "Bearer secret-token" } });
    expect(cdn.hits.at(-1)?.headers.authorization).toBe("Bearer secret-token");
  });

  it("a size limit: declared or streamed, and the company's own limit first", async () => {
    expect((await refusal(fetcher({ max: 1000 }).fetch(`${cdn.url}/big`))).reason).toBe("too-large");
    expect((await refusal(fetcher({ max: 1000 }).fetch(`${cdn.url}/big-chunked`))).reason).toBe("too-large");
    expect((await fetcher({ max: 10_000 }).fetch(`${cdn.url}/big`)).bytes).toHaveLength(5000);
    const perCompany = new MediaFetcher({
      allow: allowedHosts(`127.0.0.1:${cdn.port}`),
      defaultMaxBytes: 10_000,
      limitFor: async (companyId) => (companyId === 7 ? 1000 : undefined),
    });
    expect((await refusal(perCompany.fetch(`${cdn.url}/big`, { companyId: 7 }))).reason).toBe("too-large");
    expect((await perCompany.fetch(`${cdn.url}/big`, { companyId: 8 })).bytes).toHaveLength(5000);
  });

  it("a time limit for the whole download", async () => {
    const error = await refusal(fetcher({ timeoutMs: 1000 }).fetch(`${cdn.url}/slow`));
    expect(error.reason).toBe("timeout");
  });

  it("an error status is a failure, 5xx retryable", async () => {
    const error = await refusal(fetcher().fetch(`${cdn.url}/missing`));
    expect(error).toMatchObject({ reason: "status", status: 404 });
  });
});

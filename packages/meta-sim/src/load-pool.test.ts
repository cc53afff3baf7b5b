import { describe, expect, it } from "vitest";
import { parseResponse } from "./load-pool.js";

describe("parseResponse", () => {
  const ok = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 14\r\n\r\nEVENT_RECEIVED";

  it("waits for the whole content-length body, wherever the bytes were cut", () => {
    for (let cut = 0; cut < ok.length; cut += 1) expect(parseResponse(ok.slice(0, cut))).toBeUndefined();
    expect(parseResponse(ok)).toEqual({ status: 200, end: ok.length, close: false });
    expect(parseResponse(`${ok}HTTP/1.1 200`)?.end).toBe(ok.length);
  });

  it("finds the end of a chunked body, trailers included", () => {
    const chunked =
      "HTTP/1.1 401 Unauthorized\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nEVENT_\r\n8;x=y\r\nRECEIVED\r\n0\r\n";
    expect(parseResponse(chunked)).toBeUndefined();
    expect(parseResponse(`${chunked}\r\n`)).toEqual({ status: 401, end: chunked.length + 2, close: false });
    expect(parseResponse(`${chunked}x-t: 1\r\n\r\n`)?.end).toBe(chunked.length + 10);
  });

  it("reads connection: close, bodiless statuses, interim answers and garbage", () => {
    expect(parseResponse("HTTP/1.1 503 x\r\nConnection: close\r\ncontent-length: 0\r\n\r\n")).toMatchObject({
      status: 503,
      close: true,
    });
    expect(parseResponse("HTTP/1.1 204 No Content\r\n\r\n")).toEqual({ status: 204, end: 27, close: false });
    expect(parseResponse(`HTTP/1.1 100 Continue\r\n\r\n${ok}`)).toEqual({
      status: 200,
      end: 25 + ok.length,
      close: false,
    });
    expect(parseResponse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 20")).toBeUndefined();
    expect(parseResponse("SSH-2.0\r\n\r\n")).toMatchObject({ end: -1 });
    // No length: the body runs until the connection closes.
    expect(parseResponse("HTTP/1.1 200 OK\r\n\r\nabc")).toBeUndefined();
  });
});

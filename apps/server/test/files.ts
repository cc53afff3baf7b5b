/** Smallest byte strings each file-type signature recognises, for upload and storage tests. */
export const SAMPLE_FILES = {
  /** A 1×1 PNG. */
  png: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]),
  /** An Ogg page opening an Opus stream: one lacing value (19), then the OpusHead packet. */
  ogg: Buffer.concat([
    Buffer.from("OggS"),
    Buffer.from([0, 2]),
    Buffer.alloc(20),
    Buffer.from([1, 19]),
    Buffer.from("OpusHead"),
    Buffer.alloc(11),
  ]),
  /** A WebM (EBML) header, as a browser's recorded voice note starts. */
  webm: Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex"),
  pdf: Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"),
  html: Buffer.from(
    "<!doctype html><html><body><script>localStorage.setItem('pwned', '1')</script></body></html>",
  ),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="localStorage.setItem(\'pwned\', \'1\')"><script>localStorage.setItem("pwned", "1")</script></svg>',
  ),
};

import { describe, expect, it } from "vitest";
import { type FormatNode, parseWhatsApp, plainText, stripWhatsApp } from "./whatsapp-format";

const text = (value: string): FormatNode => ({ kind: "text", text: value });
const bold = (...children: FormatNode[]): FormatNode => ({ kind: "bold", children });
const italic = (...children: FormatNode[]): FormatNode => ({ kind: "italic", children });
const strike = (...children: FormatNode[]): FormatNode => ({ kind: "strike", children });

describe("parseWhatsApp", () => {
  it("plain text is one text node; empty text is nothing", () => {
    expect(parseWhatsApp("Olá, tudo bem?")).toEqual([text("Olá, tudo bem?")]);
    expect(parseWhatsApp("")).toEqual([]);
  });

  it("bold, italic and strike, alone and among words", () => {
    expect(parseWhatsApp("*Ana:*")).toEqual([bold(text("Ana:"))]);
    expect(parseWhatsApp("um _dois_ três")).toEqual([text("um "), italic(text("dois")), text(" três")]);
    expect(parseWhatsApp("preço ~R$ 10~ agora")).toEqual([
      text("preço "),
      strike(text("R$ 10")),
      text(" agora"),
    ]);
    expect(parseWhatsApp("(*sim*).")).toEqual([text("("), bold(text("sim")), text(").")]);
  });

  it("the signature line: bold name, then the message on the next line", () => {
    expect(parseWhatsApp("*Ana Souza:*\nOlá!")).toEqual([bold(text("Ana Souza:")), text("\nOlá!")]);
  });

  it("leaves unmatched markers as typed", () => {
    expect(parseWhatsApp("*sem fim")).toEqual([text("*sem fim")]);
    expect(parseWhatsApp("fim*")).toEqual([text("fim*")]);
    expect(parseWhatsApp("a ~b")).toEqual([text("a ~b")]);
    expect(parseWhatsApp("**")).toEqual([text("**")]);
    expect(parseWhatsApp("* *")).toEqual([text("* *")]);
  });

  it("markers inside words and around spaces do not format", () => {
    expect(parseWhatsApp("use snake_case_names here")).toEqual([text("use snake_case_names here")]);
    expect(parseWhatsApp("2 * 3 * 4")).toEqual([text("2 * 3 * 4")]);
    expect(parseWhatsApp("a*b*c")).toEqual([text("a*b*c")]);
    expect(parseWhatsApp("*bold*text")).toEqual([text("*bold*text")]);
    expect(parseWhatsApp("_ not italic _")).toEqual([text("_ not italic _")]);
    // An underscore inside the italic text is kept: the closer is the one that ends a word.
    expect(parseWhatsApp("_file_name_")).toEqual([italic(text("file_name"))]);
  });

  it("nests bold and italic either way, and strike inside bold", () => {
    expect(parseWhatsApp("*_ambos_*")).toEqual([bold(italic(text("ambos")))]);
    expect(parseWhatsApp("_*ambos*_")).toEqual([italic(bold(text("ambos")))]);
    expect(parseWhatsApp("*muito ~caro~ mesmo*")).toEqual([
      bold(text("muito "), strike(text("caro")), text(" mesmo")),
    ]);
  });

  it("bold, italic and strike stay within a line; each line formats on its own", () => {
    expect(parseWhatsApp("*um\ndois*")).toEqual([text("*um\ndois*")]);
    expect(parseWhatsApp("*um*\n_dois_\n~três~")).toEqual([
      bold(text("um")),
      text("\n"),
      italic(text("dois")),
      text("\n"),
      strike(text("três")),
    ]);
  });

  it("monospace blocks span lines and keep their markers; inline code too", () => {
    expect(parseWhatsApp("veja:\n```const a = *b*;\nx_y_z```\nfim")).toEqual([
      text("veja:\n"),
      { kind: "mono", text: "const a = *b*;\nx_y_z" },
      text("\nfim"),
    ]);
    expect(parseWhatsApp("rode `npm _test_` agora")).toEqual([
      text("rode "),
      { kind: "code", text: "npm _test_" },
      text(" agora"),
    ]);
    expect(parseWhatsApp("``` ```")).toEqual([{ kind: "mono", text: " " }]);
    expect(parseWhatsApp("um ` solto")).toEqual([text("um ` solto")]);
  });

  it("links: http(s) only, trailing punctuation left out, markers inside kept", () => {
    expect(parseWhatsApp("veja https://example.com/a_b_c.")).toEqual([
      text("veja "),
      { kind: "link", href: "https://example.com/a_b_c", text: "https://example.com/a_b_c" },
      text("."),
    ]);
    expect(parseWhatsApp("*https://example.com*")).toEqual([
      bold({ kind: "link", href: "https://example.com", text: "https://example.com" }),
    ]);
    expect(parseWhatsApp("(https://en.wikipedia.org/wiki/Foo_(bar))")).toEqual([
      text("("),
      {
        kind: "link",
        href: "https://en.wikipedia.org/wiki/Foo_(bar)",
        text: "https://en.wikipedia.org/wiki/Foo_(bar)",
      },
      text(")"),
    ]);
    expect(parseWhatsApp("javascript:alert(1) ftp://x")).toEqual([text("javascript:alert(1) ftp://x")]);
  });

  it("plainText drops the markers", () => {
    expect(plainText(parseWhatsApp("*Ana:*\n_oi_ ~x~ `y`"))).toBe("Ana:\noi x y");
  });
});

describe("stripWhatsApp (one-line previews)", () => {
  it("drops the markers of a signature, keeping its text and line break", () => {
    expect(stripWhatsApp("*Ana:* oi")).toBe("Ana: oi");
    expect(stripWhatsApp("*Ana Souza:*\nOlá!")).toBe("Ana Souza:\nOlá!");
    expect(stripWhatsApp("*Bot:*\nEscolha _uma_ opção")).toBe("Bot:\nEscolha uma opção");
  });

  it("drops every kind of marker, nested or not", () => {
    expect(stripWhatsApp("*_ambos_* e _*ambos*_")).toBe("ambos e ambos");
    expect(stripWhatsApp("*muito ~caro~ mesmo*")).toBe("muito caro mesmo");
    expect(stripWhatsApp("código ```AB_12``` ou `npm _test_`")).toBe("código AB_12 ou npm _test_");
    expect(stripWhatsApp("```linha 1\n*linha* 2```")).toBe("linha 1\n*linha* 2");
  });

  it("keeps markers without a partner, and those inside words or around spaces", () => {
    expect(stripWhatsApp("*sem fim")).toBe("*sem fim");
    expect(stripWhatsApp("fim* e ~x")).toBe("fim* e ~x");
    expect(stripWhatsApp("**")).toBe("**");
    expect(stripWhatsApp("*um\ndois*")).toBe("*um\ndois*");
    expect(stripWhatsApp("use snake_case_names")).toBe("use snake_case_names");
    expect(stripWhatsApp("2*3*4 e 2 * 3 * 4")).toBe("2*3*4 e 2 * 3 * 4");
    expect(stripWhatsApp("*bold*text")).toBe("*bold*text");
    expect(stripWhatsApp("_file_name_")).toBe("file_name");
  });

  it("keeps links whole, markers inside them included", () => {
    expect(stripWhatsApp("*veja* https://example.com/a_b_c_")).toBe("veja https://example.com/a_b_c_");
  });

  it("leaves plain and empty text as it is", () => {
    expect(stripWhatsApp("Olá, tudo bem?")).toBe("Olá, tudo bem?");
    expect(stripWhatsApp("")).toBe("");
  });
});

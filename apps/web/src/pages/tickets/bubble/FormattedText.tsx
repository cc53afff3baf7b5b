import { Box, Link } from "@mui/material";
import { type ReactNode, useMemo } from "react";
import { type FormatNode, parseWhatsApp } from "./whatsapp-format";

const MONO = '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function render(nodes: FormatNode[], prefix: string): ReactNode[] {
  // Nodes of one body never reorder: their position is their identity.
  return nodes.map((node, index) => {
    const key = `${prefix}${index}`;
    switch (node.kind) {
      case "text":
        return node.text;
      case "bold":
        return <strong key={key}>{render(node.children, `${key}.`)}</strong>;
      case "italic":
        return <em key={key}>{render(node.children, `${key}.`)}</em>;
      case "strike":
        return <s key={key}>{render(node.children, `${key}.`)}</s>;
      case "link":
        return (
          <Link key={key} href={node.href} target="_blank" rel="noopener noreferrer" color="inherit">
            {node.text}
          </Link>
        );
      case "mono":
        return (
          <Box key={key} component="span" sx={{ fontFamily: MONO, fontSize: "0.95em" }}>
            {node.text}
          </Box>
        );
      default:
        // Inline code.
        return (
          <Box
            key={key}
            component="code"
            sx={{
              fontFamily: MONO,
              fontSize: "0.9em",
              px: 0.5,
              borderRadius: 0.5,
              bgcolor: "action.selected",
            }}
          >
            {node.text}
          </Box>
        );
    }
  });
}

/** A message body with WhatsApp's formatting, as React elements (no HTML is ever injected). */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseWhatsApp(text), [text]);
  return <>{render(nodes, "f")}</>;
}

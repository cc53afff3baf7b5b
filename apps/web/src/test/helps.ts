import type { HelpDto } from "@inbox/shared";

export function buildHelp(overrides: Partial<HelpDto> = {}): HelpDto {
  return {
    id: 1,
    title: "Primeiros passos",
    description: "Como conectar o WhatsApp",
    video: "dQw4w9WgXcQ",
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

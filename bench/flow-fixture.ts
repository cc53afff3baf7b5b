/**
 * The flow both flow benchmarks walk (bench/flows.ts over meta-sim, bench/flow-runtime.ts in-process):
 *
 *   start -> "Olá {{firstName}}!" -> menu "Escolha" [1 Esperar, 2 Falar] --1--> interval -> "Fim A"
 *                                                                        --2--> "Fim B"
 */
export function benchFlow(intervalSeconds: number) {
  return {
    nodes: [
      { id: "start", type: "start", position: { x: 0, y: 0 }, data: {} },
      { id: "hello", type: "message", position: { x: 200, y: 0 }, data: { label: "Olá {{firstName}}!" } },
      {
        id: "menu",
        type: "menu",
        position: { x: 400, y: 0 },
        data: {
          message: "Escolha",
          arrayOption: [
            { number: 1, value: "Esperar" },
            { number: 2, value: "Falar" },
          ],
        },
      },
      { id: "wait", type: "interval", position: { x: 600, y: 0 }, data: { sec: intervalSeconds } },
      { id: "endA", type: "message", position: { x: 800, y: 0 }, data: { label: "Fim A" } },
      { id: "endB", type: "message", position: { x: 600, y: 200 }, data: { label: "Fim B" } },
    ],
    connections: [
      { source: "start", target: "hello" },
      { source: "hello", target: "menu" },
      { source: "menu", target: "wait", sourceHandle: "a1" },
      { source: "wait", target: "endA" },
      { source: "menu", target: "endB", sourceHandle: "a2" },
    ],
  };
}

/** The menu as the contact receives it. */
export const BENCH_MENU = "Escolha\n\n*[ 1 ]* - Esperar\n*[ 2 ]* - Falar";

/** What a contact who answers `option` receives, in order. */
export const expectedTexts = (name: string, option: string) => [
  `Olá ${name}!`,
  BENCH_MENU,
  option === "1" ? "Fim A" : "Fim B",
];

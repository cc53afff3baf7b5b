/** An amount as Brazilian reais with two decimals ("R$ 49,90"): plans are priced in BRL. */
export function formatBrl(value: string | number): string {
  const amount = typeof value === "number" ? value : Number(value);
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(
    Number.isFinite(amount) ? amount : 0,
  );
}

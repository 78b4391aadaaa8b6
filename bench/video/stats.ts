/** Percentile by nearest rank (values need not be sorted); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function ms(value: number): string {
  return Number.isNaN(value) ? '   n/a' : `${value.toFixed(0).padStart(5)} ms`;
}

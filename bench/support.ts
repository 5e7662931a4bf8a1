// Only formatting helpers: benches that drive a browser import e2e/support/harness.ts themselves, so a
// server-only bench does not carry playwright-core in the heap it measures.
export function line(label: string, value: string, goal?: string) {
  console.log(`${label.padEnd(44)} ${value}${goal ? `   (goal ${goal})` : ''}`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

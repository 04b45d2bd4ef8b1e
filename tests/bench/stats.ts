// Medians and tables for the benchmarks: they print figures and never fail on time.

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

export interface Row {
  measure: string;
  figure: string;
  goal: string;
}

export function printTable(title: string, rows: Row[]): void {
  const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => row[key].length));
  const line = (row: Row) =>
    `| ${row.measure.padEnd(width('measure'))} | ${row.figure.padEnd(width('figure'))} | ${row.goal.padEnd(width('goal'))} |`;
  console.log(`\n${title}`);
  console.log(line({ measure: 'measure', figure: 'figure', goal: 'goal' }));
  console.log(`|${'-'.repeat(width('measure') + 2)}|${'-'.repeat(width('figure') + 2)}|${'-'.repeat(width('goal') + 2)}|`);
  for (const row of rows) console.log(line(row));
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A table with several figures per row (count, errors, percentiles…), aligned like printTable's. */
export function printGrid(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `| ${widths.map((width, i) => (cells[i] ?? '').padEnd(width)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** A goal as the tables print it, with whether this run met it. */
export const goal = (text: string, met: boolean) => `${text} (${met ? 'met' : 'not met'})`;

/** Prometheus text exposition, as the suites read it. */
import { eventually } from './eventually';

export async function scrape(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (!res.ok) throw new Error(`${baseUrl}/metrics answered ${res.status}`);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/**
 * Scrapes until `done` holds of the exposition (counters move after the answer that caused them, and the
 * Temporal server publishes its own once a second), and answers it.
 */
export function scrapeUntil(baseUrl: string, done: (text: string) => boolean): Promise<string> {
  return eventually(`${baseUrl}/metrics to show the change`, async () => {
    const text = await scrape(baseUrl);
    return done(text) && text;
  });
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
      if (!m) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The sum of the samples of `name` carrying `labels` (others may vary); undefined when there is none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : undefined;
}

/** Every label set a series has, to show that it is labelled by patterns and not by URLs. */
export function labelValues(text: string, name: string, label: string): string[] {
  return [...new Set(samples(text).flatMap((s) => (s.name === name && s.labels[label] ? [s.labels[label]] : [])))];
}

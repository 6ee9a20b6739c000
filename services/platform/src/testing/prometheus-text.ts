/**
 * A strict reader of the Prometheus text exposition format 0.0.4, for tests: every line must be a HELP, a
 * TYPE or a sample of a family whose TYPE came first; names, label syntax, escapes and values are checked,
 * and every histogram's buckets must be cumulative and end in `+Inf` equal to its `_count`. Throws on the
 * first violation with the line number.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** the sum of a metric's samples whose labels include `labels` (0 when none match) */
  sum(name: string, labels?: Record<string, string>): number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
};

export function parsePrometheusText(text: string): Exposition {
  if (!text.endsWith('\n')) throw new Error('exposition must end with a newline');
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1}: ${why}: ${line}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (!match) return; // a plain comment
      const [, kind, name = '', rest = ''] = match;
      if (!METRIC_NAME.test(name)) fail('bad metric name');
      if (kind === 'HELP') {
        if (helps.has(name)) fail('second HELP');
        helps.add(name);
      } else {
        if (types.has(name)) fail('second TYPE');
        if (!TYPES.has(rest)) fail('unknown type');
        if (samples.some((s) => familyOf(s.name, types) === name)) fail('TYPE after samples');
        types.set(name, rest);
      }
      return;
    }
    const sample = parseSample(line, fail);
    if (!familyOf(sample.name, types)) fail('sample without a TYPE');
    samples.push(sample);
  });
  checkHistograms(samples, types);
  return {
    types,
    samples,
    sum: (name, labels = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((total, s) => total + s.value, 0),
  };
}

function familyOf(sampleName: string, types: Map<string, string>): string | undefined {
  if (types.has(sampleName)) return sampleName;
  for (const [family, type] of types) {
    for (const suffix of SUFFIXES[type] ?? []) {
      if (suffix && sampleName === family + suffix) return family;
    }
  }
  return undefined;
}

function parseSample(line: string, fail: (why: string) => never): Sample {
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
  if (!nameMatch) fail('bad sample name');
  const name = nameMatch![0];
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    while (!rest.startsWith('}')) {
      const label = /^([^=]+)="/.exec(rest);
      if (!label || !LABEL_NAME.test(label[1]!)) fail('bad label');
      rest = rest.slice(label![0].length);
      let value = '';
      for (;;) {
        const char = rest[0];
        if (char === undefined) fail('unterminated label value');
        if (char === '"') break;
        if (char === '\\') {
          const escaped = rest[1];
          if (escaped === 'n') value += '\n';
          else if (escaped === '\\' || escaped === '"') value += escaped;
          else fail('bad escape');
          rest = rest.slice(2);
        } else {
          value += char;
          rest = rest.slice(1);
        }
      }
      if (label![1]! in labels) fail('repeated label');
      labels[label![1]!] = value;
      rest = rest.slice(1);
      if (rest.startsWith(',')) rest = rest.slice(1);
      else if (!rest.startsWith('}')) fail('expected , or }');
    }
    rest = rest.slice(1);
  }
  const parts = /^ (\S+)(?: (-?\d+))?$/.exec(rest);
  if (!parts) fail('bad value');
  const value = parseValue(parts![1]!);
  if (value === undefined) fail('bad value');
  return { name, labels, value: value! };
}

/** As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case — prom-client writes `Nan`. */
function parseValue(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

function checkHistograms(samples: Sample[], types: Map<string, string>): void {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le, ...others } = s.labels;
      if (le === undefined) throw new Error(`${family}: bucket without le`);
      const key = JSON.stringify(Object.entries(others).sort());
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      let previous = -Infinity;
      let count = 0;
      for (const bucket of buckets) {
        const le = parseValue(bucket.labels.le!);
        if (le === undefined || le <= previous) throw new Error(`${family}: buckets out of order`);
        if (bucket.value < count) throw new Error(`${family}: buckets not cumulative`);
        previous = le;
        count = bucket.value;
      }
      if (previous !== Infinity) throw new Error(`${family}: no +Inf bucket`);
      const total = samples.find(
        (s) => s.name === `${family}_count` && JSON.stringify(Object.entries(s.labels).sort()) === key,
      );
      if (total?.value !== count) throw new Error(`${family}: _count differs from the +Inf bucket`);
    }
  }
}

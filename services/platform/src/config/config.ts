import { z } from 'zod';

/** Thrown at start-up when the environment is invalid; lists EVERY bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with a zod object schema whose keys are variable names. Fails fast, listing every problem. */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) {
    const data = result.data as Record<string, unknown>;
    const problems = [
      ...adapterRequirementProblems(data),
      devConvenienceProblem(data, 'DEV_MAILBOX', 'DEV_MAILBOX_ALLOW_IN_PRODUCTION'),
    ].filter((problem): problem is string => problem !== null);
    if (problems.length) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length ? env[String(issue.path[0])] : undefined;
    return `${name}: ${issue.message}${value === undefined ? ' (not set)' : ` (got "${value}")`}`;
  });
  throw new ConfigError(problems);
}

/**
 * Cross-field rules of the `*_ADAPTER` selection: a real engine needs its address. Checked by `loadConfig`
 * for every schema that spreads `platformEnv` (keys that a schema lacks are simply not checked).
 */
export function adapterRequirementProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const requires = (adapterKey: string, adapter: string, variable: string, example: string) => {
    if (config[adapterKey] === adapter && !config[variable])
      problems.push(`${variable}: required when ${adapterKey}=${adapter} (e.g. ${example}) (not set)`);
  };
  requires('EVENT_STORE_ADAPTER', 'eventstoredb', 'EVENTSTORE_URL', 'esdb://127.0.0.1:2113?tls=false');
  requires('BUS_ADAPTER', 'kafka', 'KAFKA_BROKERS', '127.0.0.1:9092');
  requires('DOCUMENT_STORE_ADAPTER', 'mongodb', 'MONGODB_URL', 'mongodb://127.0.0.1:27017');
  requires('BLOB_STORE_ADAPTER', 'gridfs', 'MONGODB_URL', 'mongodb://127.0.0.1:27017');
  requires('MAILER_ADAPTER', 'smtp', 'SMTP_URL', 'smtp://127.0.0.1:1025');
  if (
    config.TRACING_EXPORTER === 'otlp' &&
    !config.OTEL_EXPORTER_OTLP_ENDPOINT &&
    !config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  )
    problems.push(
      'OTEL_EXPORTER_OTLP_ENDPOINT: required when TRACING_EXPORTER=otlp (e.g. http://127.0.0.1:4318), ' +
        'or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (not set)',
    );
  return [...new Set(problems)];
}

/**
 * Development conveniences (the dev mailbox) must never be reachable from another machine by default
 * (issue 15, finding 1: password-reset links were readable by anyone). Their switch has three values:
 * - `off`: not served at all (production deployments: k8s, compose);
 * - `loopback` (default): served only to a person on this machine — see `isLoopbackRequest` in http/loopback-only.ts;
 * - `on`: served to anyone; refused at start-up with `NODE_ENV=production` unless explicitly overridden.
 * The old boolean values are still accepted: `true` → `on`, `false` → `off`.
 */
export type DevConvenienceMode = 'off' | 'loopback' | 'on';

export const envDevConvenience = (defaultValue: DevConvenienceMode) =>
  z
    .enum(['off', 'loopback', 'on', 'true', 'false', '1', '0', 'yes', 'no'])
    .default(defaultValue)
    .transform((v): DevConvenienceMode => {
      if (v === 'true' || v === '1' || v === 'yes') return 'on';
      if (v === 'false' || v === '0' || v === 'no') return 'off';
      return v;
    });

/** The start-up rule: `on` in production only with an explicit override (the problem text, or null). */
function devConvenienceProblem(
  config: Record<string, unknown>,
  variable: string,
  overrideVariable: string,
): string | null {
  if (config.NODE_ENV !== 'production' || config[variable] !== 'on' || config[overrideVariable] === true)
    return null;
  return (
    `${variable}: 'on' serves it to every machine that reaches this process, and is refused with ` +
    `NODE_ENV=production; use 'loopback' or 'off', or set ${overrideVariable}=true if you really mean it`
  );
}

/** Comma-separated `host:port` list. */
const brokerList = z
  .string()
  .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, 'comma-separated host:port list')
  .optional();

/** `true`/`false`/`1`/`0`/`yes`/`no`, with a default. */
export const envBoolean = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(defaultValue ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envPort = (defaultValue: number) =>
  z.coerce.number().int().min(0).max(65535).default(defaultValue);

/** Comma-separated origins (`scheme://host[:port]`), e.g. CSRF_ALLOWED_ORIGINS; empty by default. */
export const envOriginList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** An OTLP/HTTP address; empty (as compose passes an unset `${VAR:-}`) counts as unset. */
const otlpEndpoint = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:4318' }).optional(),
);

/**
 * A Sentry-protocol DSN, `https://<public key>@<host>[/<path>]/<project id>` (Sentry, self-hosted GlitchTip);
 * empty counts as unset (error reporting off, ADR 0024).
 */
export const sentryDsn = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(
      /^https?:\/\/[^@/\s:]+@[^/\s]+(?:\/[^\s?#]*)?\/\d+$/,
      'must be a Sentry DSN, e.g. https://<public key>@o1.ingest.sentry.io/42',
    )
    .optional(),
);

/**
 * Variables every service shares. Adapter selection is configuration only: `*_ADAPTER` variables pick the
 * embedded default or the real engine; a real engine needs its address (checked by `loadConfig`).
 */
export const platformEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** none: spans only propagate ids; console: printed; otlp: sent over OTLP/HTTP (ADR 0020) */
  TRACING_EXPORTER: z.enum(['none', 'console', 'otlp']).default('none'),
  /** share of new traces recorded, 0…1; a caller's sampling decision is followed (parent-based, ADR 0020) */
  TRACING_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(1),
  /**
   * the OTLP/HTTP collector (e.g. `http://otel-collector:4318`; traces go to `/v1/traces` under it), or the
   * full traces URL in OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; one is required with TRACING_EXPORTER=otlp. The
   * exporter reads these (and OTEL_EXPORTER_OTLP_HEADERS, …_TIMEOUT) itself; they are validated here.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpEndpoint,
  /**
   * Prometheus `/metrics` on a listener of its own (ADR 0019); unset = no metrics listener. Never the
   * application port: the gateway forwards only /api/* to services, and this port is not behind it.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** the metrics listener's address; loopback unless the deployment says otherwise (Kubernetes: 0.0.0.0) */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** where errors are reported (Sentry / GlitchTip); unset = nothing is loaded or sent (ADR 0024) */
  ERROR_REPORTING_DSN: sentryDsn,
  /** the reports' environment, e.g. `production`, `staging`; default NODE_ENV */
  ERROR_REPORTING_ENVIRONMENT: z.string().min(1).max(64).optional(),
  EVENT_STORE_ADAPTER: z.enum(['sqlite', 'eventstoredb']).default('sqlite'),
  /** e.g. `esdb://127.0.0.1:2113?tls=false`; required with EVENT_STORE_ADAPTER=eventstoredb */
  EVENTSTORE_URL: z
    .string()
    .regex(/^esdb(\+discover)?:\/\//, 'must start with esdb://')
    .optional(),
  BUS_ADAPTER: z.enum(['sqlite', 'kafka']).default('sqlite'),
  /** e.g. `127.0.0.1:9092,10.0.0.2:9092`; required with BUS_ADAPTER=kafka */
  KAFKA_BROKERS: brokerList,
  /** partitions of topics the bus creates on demand */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * how long a bus message every consumer group has handled stays before it is deleted (ADR 0046); default:
   * 10 s on the embedded bus, 60 s on Kafka (a deployment's processes start apart)
   */
  BUS_CONSUMED_RETENTION_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  DOCUMENT_STORE_ADAPTER: z.enum(['sqlite', 'mongodb']).default('sqlite'),
  BLOB_STORE_ADAPTER: z.enum(['file', 'gridfs']).default('file'),
  /** e.g. `mongodb://127.0.0.1:27017`; each service uses the database `punkto_<service>` */
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb://')
    .optional(),
  MAILER_ADAPTER: z.enum(['eml', 'smtp']).default('eml'),
  /** e.g. `smtp://user:pass@smtp.example.com:587`; required with MAILER_ADAPTER=smtp */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Punkto <no-reply@punkto.local>'),
  /** where services fetch identity's public keys */
  AUTH_JWKS_URL: z.url().default('http://127.0.0.1:8081/.well-known/jwks.json'),
  AUTH_ISSUER: z.string().min(1).default('punkto-identity'),
  AUTH_AUDIENCE: z.string().min(1).default('punkto'),
};

/** The validated platform variables, as every service's config contains them. */
export type PlatformConfig = z.infer<z.ZodObject<typeof platformEnv>>;

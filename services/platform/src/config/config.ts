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
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length ? env[String(issue.path[0])] : undefined;
    return `${name}: ${issue.message}${value === undefined ? ' (not set)' : ` (got "${value}")`}`;
  });
  throw new ConfigError(problems);
}

/** `true`/`false`/`1`/`0`/`yes`/`no`, with a default. */
export const envBoolean = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(defaultValue ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envPort = (defaultValue: number) =>
  z.coerce.number().int().min(0).max(65535).default(defaultValue);

/**
 * Variables every service shares. Adapter selection is configuration only: `*_ADAPTER` variables pick the
 * embedded default or the real engine (the real ones arrive with the real-engines issue).
 */
export const platformEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  TRACING_EXPORTER: z.enum(['none', 'console']).default('none'),
  EVENT_STORE_ADAPTER: z.enum(['sqlite']).default('sqlite'),
  BUS_ADAPTER: z.enum(['sqlite']).default('sqlite'),
  DOCUMENT_STORE_ADAPTER: z.enum(['sqlite']).default('sqlite'),
  BLOB_STORE_ADAPTER: z.enum(['file']).default('file'),
  MAILER_ADAPTER: z.enum(['eml']).default('eml'),
  MAIL_FROM: z.string().min(3).default('Punkto <no-reply@punkto.local>'),
  /** where services fetch identity's public keys */
  AUTH_JWKS_URL: z.url().default('http://127.0.0.1:8081/.well-known/jwks.json'),
  AUTH_ISSUER: z.string().min(1).default('punkto-identity'),
  AUTH_AUDIENCE: z.string().min(1).default('punkto'),
};

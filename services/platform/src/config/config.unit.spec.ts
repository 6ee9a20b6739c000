import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envBoolean, envPort, loadConfig, platformEnv } from './config';

const schema = z.object({ ...platformEnv, PORT: envPort(8081), MAINTENANCE_MODE: envBoolean(false) });

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({
      PORT: 8081,
      DATA_DIR: './data',
      MAINTENANCE_MODE: false,
      LOG_LEVEL: 'info',
    });
  });

  it('coerces numbers and booleans', () => {
    expect(loadConfig(schema, { PORT: '9000', MAINTENANCE_MODE: 'yes' })).toMatchObject({
      PORT: 9000,
      MAINTENANCE_MODE: true,
    });
  });

  it('lists every bad variable at once, with the value it got', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'abc', LOG_LEVEL: 'loud', AUTH_JWKS_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT: .*\(got "abc"\)/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL: .*\(got "loud"\)/);
    expect(problems.join('\n')).toMatch(/AUTH_JWKS_URL/);
    expect((error as Error).message).toContain('Invalid configuration');
  });
});

describe('adapter selection', () => {
  const service = z.object({ ...platformEnv, PORT: envPort(8081) });

  it('defaults to the embedded adapters', () => {
    expect(loadConfig(service, {})).toMatchObject({
      EVENT_STORE_ADAPTER: 'sqlite',
      BUS_ADAPTER: 'sqlite',
      DOCUMENT_STORE_ADAPTER: 'sqlite',
      BLOB_STORE_ADAPTER: 'file',
      MAILER_ADAPTER: 'eml',
      KAFKA_PARTITIONS: 3,
    });
  });

  it('accepts the real engines with their addresses', () => {
    const config = loadConfig(service, {
      EVENT_STORE_ADAPTER: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
      BUS_ADAPTER: 'kafka',
      KAFKA_BROKERS: '127.0.0.1:9092,kafka-1:9092',
      KAFKA_PARTITIONS: '6',
      DOCUMENT_STORE_ADAPTER: 'mongodb',
      BLOB_STORE_ADAPTER: 'gridfs',
      MONGODB_URL: 'mongodb://127.0.0.1:27017',
      MAILER_ADAPTER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:1025',
    });
    expect(config).toMatchObject({ BUS_ADAPTER: 'kafka', KAFKA_PARTITIONS: 6, MAILER_ADAPTER: 'smtp' });
  });

  it('names every missing address of a selected engine at once', () => {
    let error: unknown;
    try {
      loadConfig(service, {
        EVENT_STORE_ADAPTER: 'eventstoredb',
        BUS_ADAPTER: 'kafka',
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        BLOB_STORE_ADAPTER: 'gridfs',
        MAILER_ADAPTER: 'smtp',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/KAFKA_BROKERS: required when BUS_ADAPTER=kafka/);
    expect(problems.join('\n')).toMatch(/MONGODB_URL: required when DOCUMENT_STORE_ADAPTER=mongodb/);
    expect(problems.join('\n')).toMatch(/MONGODB_URL: required when BLOB_STORE_ADAPTER=gridfs/);
    expect(problems.join('\n')).toMatch(/EVENTSTORE_URL: required when EVENT_STORE_ADAPTER=eventstoredb/);
    expect(problems.join('\n')).toMatch(/SMTP_URL: required when MAILER_ADAPTER=smtp/);
  });

  it('rejects malformed addresses and unknown adapters', () => {
    expect(() => loadConfig(service, { BUS_ADAPTER: 'kafka', KAFKA_BROKERS: 'kafka' })).toThrow(
      /KAFKA_BROKERS/,
    );
    expect(() => loadConfig(service, { MONGODB_URL: 'http://x' })).toThrow(/MONGODB_URL/);
    expect(() => loadConfig(service, { BUS_ADAPTER: 'rabbitmq' })).toThrow(/BUS_ADAPTER/);
  });
});

describe('trace export', () => {
  const service = z.object({ ...platformEnv, PORT: envPort(8081) });
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(service, env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('records every trace and exports nothing by default', () => {
    expect(loadConfig(service, {})).toMatchObject({ TRACING_EXPORTER: 'none', TRACING_SAMPLE_RATIO: 1 });
  });

  it('accepts otlp with a collector address, general or for traces only', () => {
    expect(
      loadConfig(service, {
        TRACING_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        TRACING_SAMPLE_RATIO: '0.25',
      }),
    ).toMatchObject({ TRACING_EXPORTER: 'otlp', TRACING_SAMPLE_RATIO: 0.25 });
    expect(
      problemsOf({
        TRACING_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/v1/traces',
      }),
    ).toEqual([]);
  });

  it('takes an empty address for an unset one', () => {
    expect(
      loadConfig(service, { OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT,
    ).toBeUndefined();
    expect(problemsOf({ TRACING_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toHaveLength(1);
  });

  it('refuses otlp without an address, an address that is not an http(s) URL and a ratio outside 0…1', () => {
    expect(problemsOf({ TRACING_EXPORTER: 'otlp' })).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: required when TRACING_EXPORTER=otlp/),
    ]);
    const bad = problemsOf({
      TRACING_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317',
      TRACING_SAMPLE_RATIO: '1.5',
    }).join('\n');
    expect(bad).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT: .*\(got "otel-collector:4318"\)/);
    expect(bad).toMatch(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: .*\(got "grpc:\/\/collector:4317"\)/);
    expect(bad).toMatch(/TRACING_SAMPLE_RATIO: .*\(got "1.5"\)/);
  });
});

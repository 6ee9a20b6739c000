import { describe, expect, it } from 'vitest';
import { TRACEPARENT_PATTERN, createRequestId, createTraceparent } from './tracing';

describe('tracing', () => {
  it('creates a valid sampled W3C traceparent', () => {
    expect(createTraceparent()).toMatch(TRACEPARENT_PATTERN);
  });

  it('creates a fresh traceparent each time', () => {
    const values = new Set(Array.from({ length: 50 }, () => createTraceparent()));
    expect(values.size).toBe(50);
  });

  it('never returns an all-zero trace id or parent id', () => {
    let draws = 0;
    const random = {
      getRandomValues(array: Uint8Array<ArrayBuffer>) {
        draws += 1;
        // First draw of each id is all zeros, the next is all 0xab.
        return array.fill(draws % 2 === 1 ? 0 : 0xab);
      },
    };
    expect(createTraceparent(random)).toBe(`00-${'ab'.repeat(16)}-${'ab'.repeat(8)}-01`);
  });

  it('creates RFC 4122 v4 request ids', () => {
    const id = createRequestId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createRequestId()).not.toBe(id);
  });
});

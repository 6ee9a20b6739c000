import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';

/**
 * The generated document checked by a validator (issue 36): Redocly's OpenAPI linter (@redocly/openapi-core,
 * the library under `redocly lint`, used offline: no telemetry, no remote references), with its `recommended`
 * rules (structure against the OpenAPI 3.1 types, resolvable references, declared security, path parameters…)
 * and two rules of ours for what the probe found the document lying about.
 */
async function lintDocument(document: unknown) {
  const config = await createConfig({
    extends: ['recommended'],
    rules: {
      // operation ids would be invented names (the contracts name endpoints by method and path)
      'operation-operationId': 'off',
      // the licence is not public
      'info-license': 'off',
      // JSON Schema patterns are ECMA-262 sources without delimiters or flags: `\p{L}/u` never matches
      'rule/pattern-without-flags': {
        subject: { type: 'Schema', property: 'pattern' },
        message: 'A pattern is a plain ECMA-262 source, without a /flags suffix.',
        assertions: { notPattern: '/(^|[^\\\\])(\\\\\\\\)*\\/[dgimsuvy]+$/' },
      },
      // every documented request body is needed by its endpoint (an optional one is declared with its schema)
      'rule/request-body-required': {
        subject: { type: 'RequestBody', property: 'required' },
        message: 'A request body the server requires is marked `required: true`.',
        assertions: { defined: true },
      },
    },
  });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
}

describe('the OpenAPI document under a validator', () => {
  it('has no error under the linter', async () => {
    expect(await lintDocument(buildOpenApiDocument())).toEqual([]);
  });

  it('fails the linter with a flag-suffixed pattern or an unmarked request body', async () => {
    const document = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean; content: never } }>>;
    };
    const remove = document.paths['/api/v1/payment-methods/remove']!.delete!;
    delete remove.requestBody!.required;
    const broken = JSON.parse(
      JSON.stringify(document).replace('"pattern":"\\\\p{L}"', '"pattern":"\\\\p{L}/u"'),
    ) as unknown;
    const errors = await lintDocument(broken);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('rule/pattern-without-flags'),
        expect.stringMatching(/rule\/request-body-required.*payment-methods~1remove/),
      ]),
    );
  });
});

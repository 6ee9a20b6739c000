import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries hold: each test plants one violation in a file at a real path of the repository and shows
 * `npm run lint` would fail on it with the boundary's rule — and that the same file without the violation
 * passes. Import boundaries and cycles are dependency-cruiser's (.dependency-cruiser.mjs); the purity of
 * domain files is ESLint's (eslint.config.js).
 */
const root = join(import.meta.dirname, '..', '..');
// the configuration `npm run lint` uses (a variable specifier: it is plain JavaScript, without types)
const configFile: string = '../../.dependency-cruiser.mjs';
const config = ((await import(configFile)) as { default: IConfiguration }).default;
const planted: string[] = [];
afterEach(() => {
  for (const path of planted.splice(0)) rmSync(join(root, path), { recursive: true, force: true });
});

/** writes `files` (path → code) and returns the names of the rules their imports break */
async function violations(files: Record<string, string>, options: { cleanUp?: string } = {}) {
  if (options.cleanUp) planted.push(options.cleanUp);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
    if (!options.cleanUp) planted.push(path);
  }
  const previous = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(Object.keys(files), {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    const result = output as ICruiseResult;
    return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } finally {
    process.chdir(previous);
  }
}
const rules = (found: Array<{ rule: string }>) => found.map((v) => v.rule);
const unique = () => `planted-${randomUUID().slice(0, 8)}`;

describe('import boundaries (dependency-cruiser)', () => {
  it('a service importing another service fails; the platform and contracts pass', async () => {
    const file = `services/tenant/src/tenants/${unique()}.ts`;
    expect(
      await violations({
        [file]: "import { buildService } from '../../../identity/src/app';\nexport const x = buildService;\n",
      }),
    ).toContainEqual({
      rule: 'services-never-import-services (tenant)',
      from: file,
      to: 'services/identity/src/app.ts',
    });
    expect(
      await violations({
        [`services/tenant/src/tenants/${unique()}.ts`]:
          "import { ConflictError } from '@punkto/platform/errors/errors';\nimport { Roles } from '@punkto/contracts/permissions';\nexport const x = [ConflictError, Roles];\n",
      }),
    ).toEqual([]);
  });

  it('a service reaching another through its package name fails too', async () => {
    expect(
      rules(
        await violations({
          [`services/card-ledger/src/${unique()}.ts`]:
            "import { TenantEnv } from '@punkto/tenant/config';\nexport const x = TenantEnv;\n",
        }),
      ),
    ).toEqual(['services-never-import-services (card-ledger)']);
  });

  it('the SPA importing server code (not contracts) fails', async () => {
    expect(
      rules(
        await violations({
          [`web/src/lib/${unique()}.ts`]:
            "import { ConflictError } from '@punkto/platform/errors/errors';\nimport { Roles } from '@punkto/contracts/permissions';\nexport const x = [ConflictError, Roles];\n",
        }),
      ),
    ).toEqual(['spa-imports-only-contracts']);
  });

  it('a feature importing another feature fails; shared code in lib passes', async () => {
    expect(
      rules(
        await violations({
          [`web/src/features/scanner/components/${unique()}.ts`]:
            "import { useSaveService } from '../../panel/services/api/services';\nexport const x = useSaveService;\n",
        }),
      ),
    ).toEqual(['features-never-import-features']);
    expect(
      await violations({
        [`web/src/features/scanner/components/${unique()}.ts`]:
          "import { activeServicesQueryOptions } from '../../../lib/queries/catalogue';\nimport { CardPanel } from './card-panel';\nexport const x = [activeServicesQueryOptions, CardPanel];\n",
      }),
    ).toEqual([]);
  });

  it('a panel sub-feature importing the private parts of another fails; its own folder and the listed parts pass', async () => {
    const file = `web/src/features/panel/messages/components/${unique()}.ts`;
    expect(
      await violations({
        [file]:
          "import { AddressContactFieldset } from '../../settings/components/form-fields';\nexport const x = AddressContactFieldset;\n",
      }),
    ).toEqual([
      {
        rule: 'panel-sub-features-stay-in-their-folder (messages)',
        from: file,
        to: 'web/src/features/panel/settings/components/form-fields.tsx',
      },
    ]);
    expect(
      await violations({
        [`web/src/features/panel/messages/components/${unique()}.ts`]:
          "import { clientsQueryOptions } from '../../clients/api/clients';\nimport { usePanelSession } from '../../shell/hooks/panel-session';\nimport { campaignsQueryOptions } from '../api/messages';\nexport const x = [clientsQueryOptions, usePanelSession, campaignsQueryOptions];\n",
      }),
    ).toEqual([]);
    // what one sub-feature may import is not thereby open to the others
    expect(
      rules(
        await violations({
          [`web/src/features/panel/analytics/components/${unique()}.ts`]:
            "import { clientsQueryOptions } from '../../clients/api/clients';\nexport const x = clientsQueryOptions;\n",
        }),
      ),
    ).toEqual(['panel-sub-features-stay-in-their-folder (analytics)']);
  });

  it('shared SPA code importing a feature fails', async () => {
    expect(
      rules(
        await violations({
          [`web/src/components/${unique()}.ts`]:
            "import { useAuth } from '../features/auth/hooks/use-auth';\nexport const x = useAuth;\n",
        }),
      ),
    ).toContain('shared-spa-code-knows-no-feature');
  });

  it('contracts importing the platform fails', async () => {
    expect(
      rules(
        await violations({
          [`contracts/src/${unique()}.ts`]:
            "import { ConflictError } from '@punkto/platform/errors/errors';\nexport const x = ConflictError;\n",
        }),
      ),
    ).toEqual(['contracts-import-nothing-of-their-speakers']);
  });

  it('two modules importing each other fail, a lazy import() back included', async () => {
    const dir = `web/src/lib/${unique()}`;
    const found = await violations(
      {
        [`${dir}/a.ts`]: "import { b } from './b';\nexport const a = () => b;\n",
        [`${dir}/b.ts`]: "export const b = () => import('./a');\n",
        [`${dir}/c.ts`]: "import { a } from './a';\nexport const c = a;\n",
      },
      { cleanUp: dir },
    );
    // the cycle a → b ⇢ a (b's lazy import) is reported once, from one of its members
    const cycles = found.filter((v) => v.rule === 'no-cycles');
    expect(cycles).toHaveLength(1);
    expect([`${dir}/a.ts`, `${dir}/b.ts`]).toContain(cycles[0]!.from);
    expect(found.map((v) => v.from)).not.toContain(`${dir}/c.ts`); // c only reaches a cycle, it is not in one
  });

  it('a cycle through type-only imports fails too (tsPreCompilationDeps)', async () => {
    const dir = `web/src/lib/${unique()}`;
    const found = await violations(
      {
        [`${dir}/a.ts`]: "import type { B } from './b';\nexport type A = { b: B };\nexport const a = 1;\n",
        [`${dir}/b.ts`]: "import type { A } from './a';\nexport type B = { a?: A };\nexport const b = 2;\n",
      },
      { cleanUp: dir },
    );
    expect(rules(found)).toEqual(['no-cycles']);
  });
});

describe('pure domain files (eslint)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('a decider importing Fastify, SQLite, a broker, a database or the platform HTTP layer fails', async () => {
    for (const source of [
      'fastify',
      'better-sqlite3',
      'kafkajs',
      'mongodb',
      '@punkto/platform/http/server',
    ]) {
      const [result] = await eslint.lintText(
        `import * as infra from '${source}';\nexport const x = infra;\n`,
        {
          filePath: join(root, 'services/card-ledger/src/cards/card.decider.ts'),
        },
      );
      expect(
        result?.messages.map((m) => m.ruleId),
        source,
      ).toContain('no-restricted-imports');
    }
    const [clean] = await eslint.lintText(
      "import { DomainRuleError } from '@punkto/platform/errors/errors';\nexport const x = DomainRuleError;\n",
      { filePath: join(root, 'services/card-ledger/src/cards/card.decider.ts') },
    );
    expect(clean?.messages).toEqual([]);
  });
});

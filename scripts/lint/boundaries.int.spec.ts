import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of eslint.config.js hold: each test plants one violation in a file of the repository (as
 * text, at a real path; cycles need two files on disk) and shows `npm run lint` would fail on it with the
 * boundary's rule — and that the same file without the violation passes.
 */
const root = join(import.meta.dirname, '..', '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const rulesOf = (found: Array<{ rule: string | null }>) => found.map((p) => p.rule);

describe('import boundaries (lint)', () => {
  it('a service importing another service fails', async () => {
    const planted = await problems(
      'services/tenant/src/tenants/planted.ts',
      "import { createIdentityApp } from '../../../identity/src/app';\nexport const x = createIdentityApp;\n",
    );
    expect(planted).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Services never import each other'),
    });
  });

  it('a service importing the platform and contracts passes', async () => {
    const clean = await problems(
      'services/tenant/src/tenants/planted.ts',
      "import { ConflictError } from '@punkto/platform/errors/errors';\nimport { Roles } from '@punkto/contracts/permissions';\nexport const x = [ConflictError, Roles];\n",
    );
    expect(clean).toEqual([]);
  });

  it('the SPA importing server code (not contracts) fails', async () => {
    const planted = await problems(
      'web/src/lib/planted.ts',
      "import { ConflictError } from '@punkto/platform/errors/errors';\nexport const x = ConflictError;\n",
    );
    expect(planted).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('The SPA imports only contracts'),
    });
  });

  it('a feature importing another feature fails; shared code in lib passes', async () => {
    const planted = await problems(
      'web/src/features/scanner/components/planted.ts',
      "import { useSaveService } from '../../panel/services/api/services';\nexport const x = useSaveService;\n",
    );
    expect(planted).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Features never import features'),
    });
    const shared = await problems(
      'web/src/features/scanner/components/planted.ts',
      "import { activeServicesQueryOptions } from '../../../lib/queries/catalogue';\nexport const x = activeServicesQueryOptions;\n",
    );
    expect(shared).toEqual([]);
  });

  it('shared SPA code importing a feature fails', async () => {
    const planted = await problems(
      'web/src/components/planted.ts',
      "import { useAuth } from '../features/auth/hooks/use-auth';\nexport const x = useAuth;\n",
    );
    expect(rulesOf(planted)).toContain('import-x/no-restricted-paths');
  });

  it('contracts importing the platform fails', async () => {
    const planted = await problems(
      'contracts/src/planted.ts',
      "import { ConflictError } from '@punkto/platform/errors/errors';\nexport const x = ConflictError;\n",
    );
    expect(planted).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Contracts are the shared language'),
    });
  });

  it('a decider importing Fastify, SQLite or the platform HTTP layer fails', async () => {
    for (const source of ['fastify', 'better-sqlite3', 'kafkajs', 'mongodb', '@punkto/platform/http/server'])
      expect(
        rulesOf(
          await problems(
            'services/card-ledger/src/cards/card.decider.ts',
            `import * as infra from '${source}';\nexport const x = infra;\n`,
          ),
        ),
        source,
      ).toContain('no-restricted-imports');
  });
});

describe('import cycles (lint)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(root, 'web', 'src', 'lib', 'lint-probe-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(join(dir, 'c.ts'), 'export const c = 1;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two modules importing each other fail', async () => {
    const [result] = await eslint.lintFiles([relative(root, join(dir, 'a.ts'))]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('a lazy import() back to the importer is a cycle too', async () => {
    const planted = await problems(
      relative(root, join(dir, 'c.ts')),
      "import { a } from './a';\nexport const c = () => import('./b').then(() => a);\n",
    );
    expect(rulesOf(planted)).toEqual([]); // c → a → b → a is a's cycle, not c's
    const back = await problems(relative(root, join(dir, 'b.ts')), "export const b = () => import('./a');\n");
    expect(rulesOf(back)).toContain('import-x/no-cycle');
  });
});

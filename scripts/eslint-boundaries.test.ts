import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keep the web app away from the database and server code', async () => {
    expect(
      await boundaryErrors('apps/web/app/lib/x.ts', "import { openDatabase } from '@kunci/db/client';\nexport const x = openDatabase;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/app/lib/x.ts', "import { buildApp } from '../../../server/src/app.ts';\nexport const x = buildApp;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/lib/x.ts', "import { href } from '@kunci/i18n/paths';\nexport const x = href;\n")).toHaveLength(0);
  });

  it('keep features from importing each other', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/features/listings/x.ts',
        "import { healthRoutes } from '../health/health.routes.ts';\nexport const x = healthRoutes;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/app/features/info/x.ts',
        "import { ListingGrid } from '../listings/components/listing-grid.tsx';\nexport const x = ListingGrid;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/server/src/features/listings/x.ts',
        "import { mediaSrc } from './listings.service.ts';\nexport const x = mediaSrc;\n",
      ),
    ).toHaveLength(0);
  });

  it('keep packages below the apps', async () => {
    expect(await boundaryErrors('packages/db/src/x.ts', "import { buildApp } from '@kunci/server/app';\nexport const x = buildApp;\n")).toHaveLength(
      1,
    );
  });
});

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

  it('let a web feature use another only through its public entry', async () => {
    expect(
      await boundaryErrors(
        'apps/web/app/features/listings/x.ts',
        "import { FavouriteButton } from '../favourites/index.ts';\nexport const x = FavouriteButton;\n",
      ),
    ).toHaveLength(0);
    expect(
      await boundaryErrors(
        'apps/web/app/features/listings/x.ts',
        "import { FavouriteButton } from '../favourites/favourites.tsx';\nexport const x = FavouriteButton;\n",
      ),
    ).toHaveLength(1);
  });

  it('keep components/ and lib/ free of features', async () => {
    expect(
      await boundaryErrors(
        'apps/web/app/components/listing/x.tsx',
        "import { FavouriteButton } from '../../features/favourites/index.ts';\nexport const x = FavouriteButton;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/app/lib/x.ts', "import { useChatLive } from '../features/chat/live.tsx';\nexport const x = useChatLive;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/app/components/listing/x.tsx', "import { Modal } from '../ui/modal.tsx';\nexport const x = Modal;\n"),
    ).toHaveLength(0);
  });

  it('let nothing import the root route', async () => {
    expect(
      await boundaryErrors('apps/web/app/lib/x.ts', "import type { loader } from '../root.tsx';\nexport type X = typeof loader;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/app/features/listings/x.ts', "import type { loader } from '../../root.tsx';\nexport type X = typeof loader;\n"),
    ).toHaveLength(1);
  });

  it("call the API through the typed client, never with fetch('/api')", async () => {
    expect(await boundaryErrors('apps/web/app/features/chat/x.ts', "export const x = () => fetch('/api/chat-conversations');\n")).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/app/components/ui/x.ts', 'export const x = (id: number) => fetch(`/api/appointments/${id}`);\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/lib/api.ts', 'export const x = (path: string) => fetch(`/api${path}`);\n')).toHaveLength(0);
    expect(
      await boundaryErrors('apps/web/app/features/chat/x.ts', "export const x = (url: string) => fetch(url, { method: 'PUT' });\n"),
    ).toHaveLength(0);
  });

  it('let only repositories touch the database', async () => {
    const drizzleInService =
      "import { eq } from 'drizzle-orm';\nimport { properties } from '@kunci/db/schema';\nexport const x = eq(properties.id, 1);\n";
    expect(await boundaryErrors('apps/server/src/features/listings/listings.service.ts', drizzleInService)).toHaveLength(2);
    expect(await boundaryErrors('apps/server/src/lib/uploads.ts', drizzleInService)).toHaveLength(2);
    expect(
      await boundaryErrors('apps/server/src/plugins/messaging.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql`1`;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/features/listings/listings.repository.ts', drizzleInService)).toHaveLength(0);
    expect(await boundaryErrors('apps/server/src/features/listings/listings.routes.test.ts', drizzleInService)).toHaveLength(0);
    expect(await boundaryErrors('bench/x.ts', drizzleInService)).toHaveLength(0);
    // The client's types are the handle repositories are built on; its values belong to the shell.
    const openIt = "import { openDatabase } from '@kunci/db/client';\nexport const x = openDatabase;\n";
    expect(await boundaryErrors('apps/server/src/features/listings/listings.service.ts', openIt)).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/services.ts', openIt)).toHaveLength(0);
    expect(
      await boundaryErrors(
        'apps/server/src/features/listings/listings.service.ts',
        "import type { Database } from '@kunci/db/client';\nexport type X = Database;\n",
      ),
    ).toHaveLength(0);
  });

  it('keep packages below the apps', async () => {
    expect(await boundaryErrors('packages/db/src/x.ts', "import { buildApp } from '@kunci/server/app';\nexport const x = buildApp;\n")).toHaveLength(
      1,
    );
  });
});

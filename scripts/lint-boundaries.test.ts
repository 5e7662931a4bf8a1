// The package boundaries in eslint.config.js, checked with ESLint's own API on small in-memory
// sources placed inside each package (the files need not exist; relative imports point at real ones).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'boundaries/no-relative-packages']);

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId) && m.severity === 2).map((m) => m.ruleId!);
}

describe('package boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses React in the engine', async () => {
    expect(await boundaryErrors('packages/engine/src/boundary-probe.ts', `import { useState as x } from 'react';`)).toEqual(['no-restricted-imports']);
    expect(await boundaryErrors('packages/engine/src/boundary-probe.ts', `import { createRoot as x } from 'react-dom/client';`)).toEqual(['no-restricted-imports']);
  });

  it('refuses the web app and the engine in the server, by name or by path', async () => {
    expect(await boundaryErrors('apps/server/src/modules/boundary-probe.ts', `import { Engine as x } from '@atrium/engine';`)).toEqual(['no-restricted-imports']);
    expect(await boundaryErrors('apps/server/src/modules/boundary-probe.ts', `import { x } from '../../../web/src/main.tsx';`)).toEqual(['boundaries/no-relative-packages']);
    expect(await boundaryErrors('apps/server/src/modules/boundary-probe.ts', `import { x } from '../../../../packages/engine/src/index.ts';`)).toEqual(['boundaries/no-relative-packages']);
  });

  it('refuses the server in the web app', async () => {
    expect(await boundaryErrors('apps/web/src/features/boundary-probe.ts', `import { buildApp as x } from '@atrium/server/app';`)).toEqual(['no-restricted-imports']);
    expect(await boundaryErrors('apps/web/src/features/boundary-probe.ts', `import { buildApp as x } from '../../../server/src/app.ts';`)).toEqual(['boundaries/no-relative-packages']);
  });

  it("refuses deep imports into another package's internals", async () => {
    expect(await boundaryErrors('apps/web/src/features/boundary-probe.ts', `import { Engine as x } from '@atrium/engine/src/index';`)).toEqual(['no-restricted-imports']);
    expect(await boundaryErrors('packages/assets/src/boundary-probe.ts', `import { msg as x } from '../../shared/src/index.ts';`)).toEqual(['boundaries/no-relative-packages']);
  });

  it('accepts the allowed directions through public entries', async () => {
    expect(await boundaryErrors('apps/web/src/features/boundary-probe.ts', `import { Engine as x } from '@atrium/engine';`)).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/boundary-probe.ts', `import { msg as x } from '@atrium/shared';`)).toEqual([]);
    expect(await boundaryErrors('packages/engine/src/boundary-probe.ts', `import { getTemplate as x } from '@atrium/assets';`)).toEqual([]);
  });
});

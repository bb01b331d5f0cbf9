/**
 * The process boundaries of ARCHITECTURE.md are enforced by eslint.config.js (no-restricted-imports per
 * folder). This runs ESLint's Node API on small sources "placed" in each folder and checks the verdicts:
 * each rule refuses a snippet and allows a legitimate one.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases = {
  electron: "import { app } from 'electron';\nexport const x = app;\n",
  electronSub: "import { ipcRenderer } from 'electron/renderer';\nexport const x = ipcRenderer;\n",
  electronType: "import type { BrowserWindow } from 'electron';\nexport type X = BrowserWindow;\n",
  electronStore: "import Store from 'electron-store';\nexport const x = Store;\n",
  nodeFs: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  bareFs: "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n",
  path: "import { join } from 'path';\nexport const x = join;\n",
  fsPromises: "import { readFile } from 'fs/promises';\nexport const x = readFile;\n",
  crypto: "import { randomUUID } from 'node:crypto';\nexport const x = randomUUID;\n",
  childProcess: "import { spawn } from 'child_process';\nexport const x = spawn;\n",
  events: "import { EventEmitter } from 'events';\nexport const x = EventEmitter;\n",
  reactDom: "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n",
  zod: "import { z } from 'zod';\nexport const x = z;\n",
  pg: "import pg from 'pg';\nexport const x = pg;\n",
  pgType: "import type { Pool } from 'pg';\nexport type X = Pool;\n",
  pgSub: "import Client from 'pg/lib/client';\nexport const x = Client;\n",
  keyring: "import { Entry } from '@napi-rs/keyring';\nexport const x = Entry;\n",
  pglite: "import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;\n",
  pgliteSub: "import { vector } from '@electric-sql/pglite/vector';\nexport const x = vector;\n",
  reexportPg: "export { Pool } from 'pg';\n",
  supabase: "import { createClient } from '@supabase/supabase-js';\nexport const x = createClient;\n",

  react: "import { useState } from 'react';\nexport const x = useState;\n",
};

describe('src/shared is platform-free', () => {
  it.each(['electron', 'electronSub', 'electronType', 'electronStore', 'nodeFs', 'bareFs', 'path', 'fsPromises', 'crypto', 'childProcess', 'events', 'reactDom'] as const)(
    'refuses %s',
    async (name) => {
      expect(await restricted('src/shared/domain/ejemplo.ts', cases[name])).toHaveLength(1);
    },
  );
  it('allows zod', async () => {
    expect(await restricted('src/shared/domain/ejemplo.ts', cases.zod)).toEqual([]);
  });
});

describe('src/renderer has no Electron nor Node', () => {
  it.each(['electron', 'electronSub', 'electronStore', 'nodeFs', 'bareFs', 'path', 'crypto'] as const)('refuses %s', async (name) => {
    expect(await restricted('src/renderer/features/llamadas/Pantalla.tsx', cases[name])).toHaveLength(1);
  });
  it('allows react and react-dom', async () => {
    expect(await restricted('src/renderer/main.tsx', cases.react)).toEqual([]);
    expect(await restricted('src/renderer/main.tsx', cases.reactDom)).toEqual([]);
  });
  it('applies the react-hooks rules', async () => {
    const code = "import { useState } from 'react';\nexport function f(a: boolean) { if (a) { useState(0); } return null; }\n";
    const [result] = await eslint.lintText(code, { filePath: 'src/renderer/components/Ejemplo.tsx' });
    expect(result?.messages.some((m) => m.ruleId === 'react-hooks/rules-of-hooks')).toBe(true);
  });
});

/** `import … from '<source>'`, for the relative-path cases. */
function from(source: string): string {
  return `import { y } from '${source}';\nexport const x = y;\n`;
}

describe('server-side packages stay in src/main', () => {
  const refused = ['pg', 'pgType', 'pgSub', 'keyring', 'pglite', 'pgliteSub', 'reexportPg'] as const;
  it.each(refused)('src/shared refuses %s', async (name) => {
    expect(await restricted('src/shared/areas/llamadas/repository.ts', cases[name])).toHaveLength(1);
  });
  it.each(refused)('src/renderer refuses %s', async (name) => {
    expect(await restricted('src/renderer/features/bots/EmpresasBotScreen.tsx', cases[name])).toHaveLength(1);
  });
  it.each(['pg', 'keyring', 'pglite', 'pgliteSub'] as const)('src/main may import %s', async (name) => {
    expect(await restricted('src/main/motores/embebido/x.ts', cases[name])).toEqual([]);
  });
  it('a package whose name only starts like one of them is not refused', async () => {
    expect(await restricted('src/shared/domain/ejemplo.ts', from('pg-format'))).toEqual([]);
    expect(await restricted('src/shared/domain/ejemplo.ts', from('@electric-sql/pglite-tools'))).toEqual([]);
  });
  it('the hosted backend client is not among them', async () => {
    expect(await restricted('src/shared/domain/ejemplo.ts', cases.supabase)).toEqual([]);
  });
});

describe('no relative import of src/main from src/shared or src/renderer', () => {
  it.each([
    ['src/shared/errors.ts', '../main/host'],
    ['src/shared/domain/ejemplo.ts', '../../main/host'],
    ['src/shared/areas/llamadas/ejemplo.ts', '../../../main/motores/embebido/pglite-client'],
    ['src/shared/areas/llamadas/ejemplo.ts', './../../../main/host'],
    ['src/shared/domain/ejemplo.ts', '../../main'],
    ['src/renderer/main.tsx', '../main/ipc'],
    ['src/renderer/api/client.ts', '../../main/dispatch'],
    ['src/renderer/features/llamadas/Pantalla.tsx', '../../../main/secretos/vault'],
    ['src/renderer/components/conversaciones/Tabla.tsx', '../../../../main/serve'],
  ])('%s refuses %s', async (file, source) => {
    expect(await restricted(file, from(source))).toHaveLength(1);
  });
  it('a type-only import is refused too', async () => {
    expect(await restricted('src/renderer/api/client.ts', "import type { Host } from '../../main/host';\nexport type X = Host;\n")).toHaveLength(1);
  });
  it.each([
    ['src/renderer/app/auth.tsx', '../../shared/ports/operador'],
    ['src/renderer/features/bots/EmpresasBotScreen.tsx', '../../../shared/domain/bot-tablas'],
    ['src/shared/areas/llamadas/ejemplo.ts', '../../domain/bot-tablas'],
    ['src/renderer/components/Ejemplo.tsx', './mainMenu'],
    ['src/shared/domain/ejemplo.ts', './main-rules'],
  ])('%s may import %s', async (file, source) => {
    expect(await restricted(file, from(source))).toEqual([]);
  });
  it('src/main may import src/shared', async () => {
    expect(await restricted('src/main/motores/embebido/x.ts', from('../../../shared/domain/bot-tablas'))).toEqual([]);
  });
});

describe('src/shared does not import src/renderer', () => {
  it.each([
    ['src/shared/errors.ts', '../renderer/api/client'],
    ['src/shared/domain/ejemplo.ts', '../../renderer/lib/format'],
    ['src/shared/areas/bots/ejemplo.ts', '../../../renderer/components/toast'],
  ])('%s refuses %s', async (file, source) => {
    expect(await restricted(file, from(source))).toHaveLength(1);
  });
  it('src/renderer may import src/renderer and src/shared', async () => {
    expect(await restricted('src/renderer/features/llamadas/Pantalla.tsx', from('../../lib/format'))).toEqual([]);
    expect(await restricted('src/renderer/features/llamadas/Pantalla.tsx', from('../../../shared/contract'))).toEqual([]);
  });
  it('src/shared may import its own modules by climbing', async () => {
    expect(await restricted('src/shared/areas/bots/ejemplo.ts', from('../../contract/define'))).toEqual([]);
  });
});

describe('src/main: electron only in the four Electron modules', () => {
  it.each(['src/main/index.ts', 'src/main/ipc.ts', 'src/main/ventana/create-window.ts', 'src/main/ajustes/electron-settings.ts'])(
    '%s may import electron',
    async (file) => {
      expect(await restricted(file, cases.electron)).toEqual([]);
    },
  );
  it.each(['src/main/serve.ts', 'src/main/host.ts', 'src/main/ventana/security.ts', 'src/main/secretos/vault.ts', 'src/main/motores/embebido/x.ts', 'src/main/ajustes/json-settings.ts'])(
    '%s may not import electron',
    async (file) => {
      expect(await restricted(file, cases.electron)).toHaveLength(1);
    },
  );
  it('only electron-settings.ts imports electron-store', async () => {
    expect(await restricted('src/main/ajustes/electron-settings.ts', cases.electronStore)).toEqual([]);
    expect(await restricted('src/main/index.ts', cases.electronStore)).toHaveLength(1);
    expect(await restricted('src/main/serve.ts', cases.electronStore)).toHaveLength(1);
  });
  it('Node built-ins are fine in src/main', async () => {
    expect(await restricted('src/main/serve.ts', cases.nodeFs)).toEqual([]);
  });
});

describe('src/preload', () => {
  it('may import electron but no Node built-ins', async () => {
    expect(await restricted('src/preload/index.ts', cases.electron)).toEqual([]);
    expect(await restricted('src/preload/index.ts', cases.nodeFs)).toHaveLength(1);
  });
});

describe('ignored folders', () => {
  it.each(['out/main/index.js', 'dist-web/assets/x.js', 'release/x.js', 'node_modules/x/index.js'])('%s is not linted', async (file) => {
    expect(await eslint.isPathIgnored(file)).toBe(true);
  });
});

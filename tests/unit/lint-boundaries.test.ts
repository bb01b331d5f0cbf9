/**
 * The process boundaries of ARCHITECTURE.md are enforced by eslint.config.js (no-restricted-imports per
 * folder). This runs ESLint's Node API on small sources "placed" in each folder and checks the verdicts.
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

describe('src/main: electron only in the four Electron modules', () => {
  it.each(['src/main/index.ts', 'src/main/ipc.ts', 'src/main/window/create-window.ts', 'src/main/settings/electron-settings.ts'])(
    '%s may import electron',
    async (file) => {
      expect(await restricted(file, cases.electron)).toEqual([]);
    },
  );
  it.each(['src/main/serve.ts', 'src/main/host-impl.ts', 'src/main/window/security.ts', 'src/main/secrets/vault.ts', 'src/main/backends/embedded/x.ts', 'src/main/settings/json-settings.ts'])(
    '%s may not import electron',
    async (file) => {
      expect(await restricted(file, cases.electron)).toHaveLength(1);
    },
  );
  it('only electron-settings.ts imports electron-store', async () => {
    expect(await restricted('src/main/settings/electron-settings.ts', cases.electronStore)).toEqual([]);
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

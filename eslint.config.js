// @ts-check
/**
 * Lint, flat config. Besides the recommended rules, it enforces the process boundaries of
 * ARCHITECTURE.md ("Rules of the house") with no-restricted-imports per folder:
 * - src/shared: platform-free — no Electron, no Node built-ins, no react-dom, no server-side package (pg,
 *   @napi-rs/keyring, @electric-sql/pglite, electron-store), no relative import of src/main or src/renderer;
 * - src/renderer: no Electron, no Node built-ins, no server-side package, no relative import of src/main
 *   (it reaches the main process only through the contract: src/renderer/api/client.ts);
 * - src/main: only index.ts, ipc.ts, window/create-window.ts and settings/electron-settings.ts import
 *   'electron'; only settings/electron-settings.ts imports 'electron-store' (everything else runs under
 *   plain Node and is unit-tested without Electron);
 * - src/preload: Electron yes, Node built-ins no (a sandboxed preload cannot load them).
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

const electron = {
  paths: [{ name: 'electron', message: 'Solo src/main/index.ts, ipc.ts, window/create-window.ts, settings/electron-settings.ts y src/preload importan electron.' }],
  patterns: [{ group: ['electron/*'], message: 'Solo los módulos de Electron del proceso principal y el preload importan electron.' }],
};
const electronStore = {
  paths: [{ name: 'electron-store', message: 'Solo src/main/ajustes/electron-settings.ts importa electron-store.' }],
};
const node = {
  paths: nodeBuiltins.map((name) => ({ name, message: 'Este código no corre en Node: sin módulos integrados de Node.' })),
  patterns: [{ group: ['node:*'], message: 'Este código no corre en Node: sin módulos integrados de Node.' }],
};
/** Packages that only the main process loads (native code, sockets, files); the ports in src/shared/ports hide them. */
const serverPackages = {
  paths: ['pg', '@napi-rs/keyring', '@electric-sql/pglite'].map((name) => ({
    name,
    message: `${name} solo se usa en src/main: este código llega a él por los puertos de src/shared/ports.`,
  })),
  patterns: [
    {
      group: ['pg/*', '@napi-rs/keyring/*', '@electric-sql/pglite/*'],
      message: 'Paquete del proceso principal: este código llega a él por los puertos de src/shared/ports.',
    },
  ],
};
/**
 * Relative imports that climb into a sibling process folder, at any depth ('../main', '../../main/host',
 * './../../main/x'). A segment is matched whole: '../../shared/domain/x' is not 'main'.
 */
function relativeInto(folder, message) {
  return { patterns: [{ regex: `^(\\./)?(\\.\\./)+${folder}(/|$)`, message }] };
}
const mainFolder = relativeInto('main', 'src/main es el proceso principal: este código no lo importa (usa el contrato y los puertos).');
const rendererFolder = relativeInto('renderer', 'src/shared no importa src/renderer.');
const reactDom = {
  paths: [{ name: 'react-dom', message: 'src/shared no depende del DOM.' }],
  patterns: [{ group: ['react-dom/*'], message: 'src/shared no depende del DOM.' }],
};

/** One no-restricted-imports rule made of several restriction sets. */
function restrict(...sets) {
  return [
    'error',
    {
      paths: sets.flatMap((s) => s.paths ?? []),
      patterns: sets.flatMap((s) => s.patterns ?? []),
    },
  ];
}

const MAIN_ELECTRON_FILES = [
  'src/main/index.ts',
  'src/main/ipc.ts',
  'src/main/ventana/create-window.ts',
  'src/main/ajustes/electron-settings.ts',
];

/** Plain Node globals for the .js/.cjs/.mjs tooling files. */
const nodeGlobals = Object.fromEntries(
  [
    'process', 'Buffer', 'console', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval',
    'clearInterval', 'setImmediate', 'queueMicrotask', 'structuredClone', 'TextEncoder', 'TextDecoder',
    'AbortController', 'fetch', 'globalThis',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['out/**', 'dist-web/**', 'node_modules/**', 'release/**', '.tmp/**', 'coverage/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...nodeGlobals, module: 'writable', exports: 'writable', require: 'readonly', __dirname: 'readonly', __filename: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Process boundaries.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(electron, electronStore, node, reactDom, serverPackages, mainFolder, rendererFolder) },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // A warning, not an error: loading data from an effect (`void refresh()`) trips it as a false positive.
      'react-hooks/set-state-in-effect': 'warn',
      'no-restricted-imports': restrict(electron, electronStore, node, serverPackages, mainFolder),
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: MAIN_ELECTRON_FILES,
    rules: { 'no-restricted-imports': restrict(electron, electronStore) },
  },
  {
    files: MAIN_ELECTRON_FILES.filter((f) => f !== 'src/main/ajustes/electron-settings.ts'),
    rules: { 'no-restricted-imports': restrict(electronStore) },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(electronStore, node) },
  },
);

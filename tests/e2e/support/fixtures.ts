/**
 * The e2e specs' fixtures: `import { test, expect } from './support/fixtures'` instead of '@playwright/test'.
 *
 * - `app`: this spec file's own served app (fresh data folder with the demo data, free port), started on the
 *   file's first test and stopped when the next file starts or the worker ends; `page` and `request` have
 *   its address as baseURL, so specs write `page.goto('/dashboard/planes')`.
 * - `hooks`: a fresh local HTTP server standing in for n8n, for this test only (tests/support/webhook-server.ts).
 * - `api`: the app's HTTP api with the page's cookies (support/api.ts).
 * - `sesion`: sign in as the test administrator (`administrador`, an option: `test.use({ administrador })`),
 *   log in through the form, log out (support/sesion.ts).
 * - drivers per area: `gestion`, `bots`, `llamadas`, `portal`; `nuevoCliente()` opens a page in a browser
 *   context of its own (a client company's browser), closed after the test.
 */
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { startWebhookServer, type WebhookServer } from '../../support/webhook-server';
import { Api } from './api';
import { ARRANQUE_MS, startApp, type RunningApp } from './app';
import { Bots } from './bots';
import { Gestion } from './gestion';
import { Llamadas } from './llamadas';
import { Portal } from './portal';
import { ADMIN_PRUEBAS, Sesion, type Administrador } from './sesion';

export { expect } from '@playwright/test';

/** One served app at a time in a worker: the current spec file's. */
class AppDelArchivo {
  #actual: { archivo: string; app: RunningApp } | null = null;

  async para(archivo: string, argumentos: readonly string[]): Promise<RunningApp> {
    if (this.#actual?.archivo === archivo) return this.#actual.app;
    await this.parar();
    const app = await startApp(argumentos);
    this.#actual = { archivo, app };
    return app;
  }

  async parar(): Promise<void> {
    const actual = this.#actual;
    this.#actual = null;
    await actual?.app.stop();
  }
}

interface Fixtures {
  /** More serve-cli flags for this file's app (`test.use({ argumentosApp: ['--entrada-port', '0'] })`). */
  argumentosApp: string[];
  app: RunningApp;
  hooks: WebhookServer;
  api: Api;
  administrador: Administrador;
  sesion: Sesion;
  gestion: Gestion;
  bots: Bots;
  llamadas: Llamadas;
  portal: Portal;
  /** Opens a page in a browser context of its own (a client company's browser); closed after the test. */
  nuevoCliente: () => Promise<Page>;
}

interface WorkerFixtures {
  appDelArchivo: AppDelArchivo;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appDelArchivo: [
    // Playwright reads a fixture's dependencies from this pattern, so it is there even when empty.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const apps = new AppDelArchivo();
      await use(apps);
      await apps.parar();
    },
    { scope: 'worker' },
  ],
  // Starting the app (migrations + demo data) is the fixture's own time, not the test's.
  argumentosApp: [[], { option: true }],
  app: [async ({ appDelArchivo, argumentosApp }, use, testInfo) => use(await appDelArchivo.para(testInfo.file, argumentosApp)), { timeout: ARRANQUE_MS + 10_000 }],
  baseURL: async ({ app }, use) => use(app.url),
  // eslint-disable-next-line no-empty-pattern -- the dependencies pattern Playwright reads, empty
  hooks: async ({}, use) => {
    const hooks = await startWebhookServer();
    await use(hooks);
    await hooks.close();
  },
  api: async ({ page }, use) => use(new Api(page.request)),
  administrador: [ADMIN_PRUEBAS, { option: true }],
  sesion: async ({ page, administrador }, use) => use(new Sesion(page, administrador)),
  gestion: async ({ page }, use) => use(new Gestion(page)),
  bots: async ({ page }, use) => use(new Bots(page)),
  llamadas: async ({ page }, use) => use(new Llamadas(page)),
  portal: async ({ page, app }, use) => use(new Portal(page, app.url)),
  // A company's browser knows only the links it is given: no baseURL (and the portal's session check is
  // timing-sensitive enough that its spec failed with one, see the portal spec's expiry step).
  nuevoCliente: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

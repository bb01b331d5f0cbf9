/** Screenshots a spec leaves for a person to look at (not compared): one folder per area, set by an env var. */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

export class Capturas {
  constructor(
    private readonly carpeta: string,
    private readonly prefijo = '',
  ) {}

  ruta(nombre: string): string {
    mkdirSync(this.carpeta, { recursive: true });
    return `${this.carpeta}/${this.prefijo}${nombre}.png`;
  }

  async pagina(page: Page, nombre: string, fullPage = true): Promise<void> {
    await page.screenshot({ path: this.ruta(nombre), fullPage });
  }

  async de(locator: Locator, nombre: string): Promise<void> {
    await locator.screenshot({ path: this.ruta(nombre) });
  }
}

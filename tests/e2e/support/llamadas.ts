/** The call-campaign screens: choosing a campaign, and their screenshots. */
import type { Page } from '@playwright/test';
import { Capturas } from './capturas';

export class Llamadas {
  readonly capturas = new Capturas(process.env.LLAMADAS_SHOTS ?? 'test-results/llamadas');

  constructor(private readonly page: Page) {}

  /** A campaign select ('Campaña activa', 'Campaña'), by its exact label and the campaign's exact name. */
  async elegirCampana(etiqueta: string, nombre: string): Promise<void> {
    await this.page.getByRole('combobox', { name: etiqueta, exact: true }).click();
    await this.page.getByRole('option', { name: nombre, exact: true }).click();
  }

  async captura(nombre: string, fullPage = false): Promise<void> {
    await this.capturas.pagina(this.page, nombre, fullPage);
  }
}

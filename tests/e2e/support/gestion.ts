/** Plans, client companies and projects (Gestión): the rows, dialogs and selects a person uses there. */
import type { Locator, Page } from '@playwright/test';
import { Capturas } from './capturas';

export class Gestion {
  readonly capturas = new Capturas(process.env.GESTION_SHOTS ?? 'test-results/gestion-capturas');

  constructor(private readonly page: Page) {}

  /** A select of the open dialog: open it by its label, pick the option. */
  async elegir(etiqueta: string, opcion: string | RegExp): Promise<void> {
    await this.page.getByRole('dialog').getByLabel(etiqueta).click();
    await this.page.getByRole('option', { name: opcion }).click();
  }

  filaPlan(nombre: string): Locator {
    return this.page.locator(`[data-testid="fila-plan"][data-nombre="${nombre}"]`);
  }

  filaEmpresa(nombre: string): Locator {
    return this.page.locator(`[data-testid="fila-empresa-cliente"][data-nombre="${nombre}"]`);
  }

  filaProyecto(nombre: string): Locator {
    return this.page.locator(`[data-testid="fila-proyecto"][data-nombre="${nombre}"]`);
  }

  /** A service attached to the project in 'Gestionar Servicios', by its kind. */
  servicioAdjunto(tipo: string): Locator {
    return this.page.locator(`[data-testid="servicio-adjunto"][data-tipo="${tipo}"]`);
  }

  async captura(nombre: string): Promise<void> {
    await this.capturas.pagina(this.page, nombre);
  }
}

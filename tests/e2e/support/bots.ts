/** The bot channels' company screens (Duda, Shopify, WordPress, WhatsApp): rows, the company form, the n8n flow. */
import { expect, type Locator, type Page } from '@playwright/test';
import { Capturas } from './capturas';

export class Bots {
  readonly capturas = new Capturas(process.env.BOTS_SHOTS ?? 'test-results', 'bots-');

  constructor(private readonly page: Page) {}

  fila(nombre: string): Locator {
    return this.page.locator(`[data-testid="fila-empresa"][data-nombre="${nombre}"]`);
  }

  /** 'Nueva Empresa': the table name is proposed from the name (or the given one is typed), then created. */
  async nuevaEmpresa(nombre: string, tablaEsperada: string, tablaPropia?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Nueva Empresa' }).click();
    const modal = this.page.getByRole('dialog');
    await expect(modal.getByText('Nueva Empresa')).toBeVisible();
    await modal.getByLabel('Nombre de la empresa').fill(nombre);
    await expect(modal.getByLabel('Tabla Supabase')).toHaveValue(tablaEsperada);
    if (tablaPropia) await modal.getByLabel('Tabla Supabase').fill(tablaPropia);
    await modal.getByRole('button', { name: 'Crear' }).click();
    await expect(this.page.getByText('Empresa creada exitosamente')).toBeVisible();
    await expect(this.fila(nombre)).toBeVisible();
  }

  /** 'Crear flujo N8N' on a company not yet connected: afterwards it reads connected and the action is gone. */
  async crearFlujo(nombre: string): Promise<void> {
    const fila = this.fila(nombre);
    await expect(fila.getByText('✗ Sin conectar')).toBeVisible();
    await fila.getByRole('button', { name: `Crear flujo N8N ${nombre}` }).click();
    const modal = this.page.getByRole('dialog');
    await expect(modal.getByText('Crear Flujo N8N')).toBeVisible();
    await expect(modal.getByText('Estructura de la tabla')).toBeVisible();
    await modal.getByRole('button', { name: 'Crear Flujo' }).click();
    await expect(this.page.getByText('Flujo N8N creado exitosamente. El ID ha sido guardado.')).toBeVisible();
    await expect(fila.getByText('✓ Conectado')).toBeVisible();
    await expect(fila.getByRole('button', { name: `Crear flujo N8N ${nombre}` })).toHaveCount(0);
  }

  async captura(nombre: string, fullPage = true): Promise<void> {
    await this.capturas.pagina(this.page, nombre, fullPage);
  }
}

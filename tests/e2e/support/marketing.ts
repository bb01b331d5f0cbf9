/** The marketing agent's screen: a file analysed through 'Cargar Contexto', and a record's file downloaded. */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export class Marketing {
  constructor(private readonly page: Page) {}

  /** The records table's rows. */
  get filas(): Locator {
    return this.page.getByTestId('registro-marketing');
  }

  /** Opens the screen and waits until it says it is connected. */
  async abrir(): Promise<void> {
    await this.page.goto('/dashboard/agente-marketing');
    await expect(this.page.getByTestId('estado-conexion')).toHaveText('Conectado');
  }

  /** 'Cargar Contexto' → 'Procesar archivo' with a PDF: analysed and saved (the stand-in for n8n answers). */
  async analizarPdf(nombre: string, bytes: Buffer): Promise<void> {
    await this.page.getByRole('button', { name: 'Cargar Contexto' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Cargar Contexto' });
    await dialog.getByTestId('archivo-input').setInputFiles({ name: nombre, mimeType: 'application/pdf', buffer: bytes });
    await expect(dialog.getByText(`Archivo listo: ${nombre}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Procesar archivo' }).click();
    await expect(dialog.getByText('✅ Guardado exitosamente en la base de datos')).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog).toBeHidden();
  }

  /** 'Descargar archivo' of a record's row: answers the file's suggested name and bytes. */
  async descargar(fila: Locator): Promise<{ nombre: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), fila.getByRole('button', { name: 'Descargar archivo' }).click()]);
    const ruta = await download.path();
    return { nombre: download.suggestedFilename(), bytes: readFileSync(ruta!) };
  }
}

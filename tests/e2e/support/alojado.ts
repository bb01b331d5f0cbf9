/**
 * Hosted mode's own screens: pointing the app at a Supabase project in Configuración → Conexión ('Probar
 * conexión', 'Guardar y reconectar'), the move of the embedded data ('Mover a Supabase' in Configuración →
 * Datos), and the header's notice that live updates are off. The project is tests/support/supabase-local.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { es } from '../../../src/shared/i18n/es';
import { INTERVALO_RESPALDO_MS } from '../../../src/renderer/api/cambios';
import { Capturas } from './capturas';

const c = es.configuracion;
const t = es.datos;

export class Alojado {
  readonly capturas = new Capturas(process.env.ALOJADO_SHOTS ?? 'test-results/alojado');

  constructor(private readonly page: Page) {}

  /** Configuración → Conexión with the hosted project chosen and its URL and anon key typed. */
  async escribirProyecto(url: string, anonKey: string): Promise<void> {
    await this.page.goto('/dashboard/configuracion');
    await this.page.getByRole('tab', { name: 'Conexión' }).click();
    await this.page.getByRole('radio', { name: c.alojada }).check();
    await this.page.getByLabel(c.supabaseUrl).fill(url);
    await this.page.getByLabel(c.anonKey).fill(anonKey);
  }

  /** 'Probar conexión': answers the message it shows. */
  async probarConexion(): Promise<Locator> {
    await this.page.getByRole('button', { name: c.probarConexion }).click();
    const ok = this.page.getByText(c.pruebaOk);
    await expect(ok).toBeVisible({ timeout: 20_000 });
    return ok;
  }

  /** 'Guardar y reconectar', confirmed: the session ends and the login screen follows. */
  async guardarYReconectar(): Promise<void> {
    await this.page.getByRole('button', { name: c.guardarYReconectar }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: c.guardarYReconectar }).click();
    await expect(this.page.getByPlaceholder('Ingresa tu email')).toBeVisible({ timeout: 30_000 });
  }

  /**
   * 'Mover a Supabase' in Configuración → Datos: the project, its key and its database's connection string,
   * confirmed; answers the data activity's card (the caller waits for its end).
   */
  async moverASupabase(url: string, anonKey: string, conexionBase: string): Promise<Locator> {
    await this.page.goto('/dashboard/configuracion?seccion=datos');
    const tarjeta = this.page.getByTestId('traslado-supabase');
    await tarjeta.getByRole('textbox', { name: t.pantallaTraslado.proyecto }).fill(url);
    await tarjeta.getByLabel(t.pantallaTraslado.clave).fill(anonKey);
    await tarjeta.getByTestId('traslado-conexion').fill(conexionBase);
    await tarjeta.getByRole('button', { name: t.pantallaTraslado.iniciar }).click();
    const confirmacion = this.page.getByRole('dialog', { name: t.pantallaTraslado.confirmarTitulo });
    await confirmacion.getByRole('button', { name: t.pantallaTraslado.confirmarBoton, exact: true }).click();
    const actividad = this.page.getByTestId('actividad-datos');
    await expect(actividad).toHaveAttribute('data-tipo', 'traslado');
    return actividad;
  }

  /** The header's 'Sin actualizaciones en vivo: se actualiza cada 15 s'. */
  get avisoSinEnVivo(): Locator {
    return this.page.getByTestId('aviso-sin-en-vivo');
  }

  static readonly TEXTO_SIN_EN_VIVO = es.shell.sinEnVivo(INTERVALO_RESPALDO_MS / 1000);

  async captura(nombre: string, fullPage = false): Promise<void> {
    await this.capturas.pagina(this.page, nombre, fullPage);
  }
}

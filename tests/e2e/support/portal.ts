/** The company portal: the operator's side (portal credentials) and the company's (its own browser). */
import { expect, type Page } from '@playwright/test';
import { Capturas } from './capturas';

export interface Credenciales {
  usuario: string;
  contrasena: string;
  enlace: string;
}

export class Portal {
  readonly capturas = new Capturas(process.env.PORTAL_SHOTS ?? 'test-results', 'portal-');

  constructor(
    private readonly page: Page,
    private readonly appUrl: string,
  ) {}

  /**
   * 'Restablecer contraseña' of a company in 'Administración de Empresas' (signed in as an operator): the
   * dialog shows the new password once, the user and the access link.
   */
  async generarCredenciales(empresa: string): Promise<Credenciales> {
    await this.page.goto('/dashboard/proyectos/administrar-empresas');
    await this.page.getByRole('button', { name: `Restablecer contraseña ${empresa}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Restablecer', exact: true }).click();
    const modal = this.page.getByRole('dialog', { name: new RegExp(`Credenciales del portal · ${empresa}`) });
    await expect(modal).toBeVisible();
    const contrasena = (await modal.getByTestId('contrasena-generada').innerText()).trim();
    const enlace = (await modal.getByTestId('enlace-acceso').innerText()).trim();
    const usuario = (await modal.locator('pre, code').first().innerText()).trim();
    expect(contrasena).toMatch(/^\S{8}$/);
    expect(enlace).toMatch(new RegExp(`^${this.appUrl}/accesoempresas/[0-9a-f-]{36}$`));
    await this.capturas.pagina(this.page, '0-credenciales-operador');
    return { usuario, contrasena, enlace };
  }

  /** The portal's login form, in the company's page. */
  static async ingresar(cliente: Page, c: Credenciales, contrasena = c.contrasena): Promise<void> {
    await cliente.getByLabel('Usuario').fill(c.usuario);
    await cliente.getByLabel('Contraseña').fill(contrasena);
    await cliente.getByRole('button', { name: 'Ingresar' }).click();
  }
}

/** Signing in and out, as the shell offers it. */
import { expect, type Page } from '@playwright/test';

export interface Administrador {
  nombre: string;
  email: string;
  password: string;
}

export const ADMIN_PRUEBAS: Administrador = { nombre: 'Operador Pruebas', email: 'operador@agencia.co', password: 'Segura2026x' };

export class Sesion {
  constructor(
    private readonly page: Page,
    readonly admin: Administrador,
  ) {}

  /**
   * Creates the first administrator through the API (the UI path has its own test, foundation.spec.ts), or
   * signs in as it when it exists already; the page's context holds the session cookie.
   */
  async entrarComoAdmin(admin = this.admin): Promise<Administrador> {
    const res = await this.page.request.post('/api/auth/crearPrimerAdmin', { data: admin });
    if (!res.ok()) {
      const login = await this.page.request.post('/api/auth/iniciarSesion', { data: { email: admin.email, password: admin.password } });
      if (!login.ok()) throw new Error(`no se pudo iniciar sesión: ${await login.text()}`);
    }
    return admin;
  }

  /** The login screen, as a person fills it (the submit is not waited on: the spec checks what follows). */
  async iniciarSesion(email: string, password: string): Promise<void> {
    await this.page.getByPlaceholder('Ingresa tu email').fill(email);
    await this.page.getByPlaceholder('Ingresa tu contraseña').fill(password);
    await this.page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  }

  /** The user menu's 'Cerrar Sesión', confirmed: the question is asked, and the login screen follows. */
  async cerrarSesion(): Promise<void> {
    await this.page.getByTestId('menu-usuario').click();
    await this.page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(this.page.getByText('¿Estás seguro de que deseas cerrar sesión?')).toBeVisible();
    await this.page.getByRole('button', { name: 'Sí, cerrar sesión' }).click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}

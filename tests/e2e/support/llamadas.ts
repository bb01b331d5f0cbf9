/** The call-campaign screens: choosing a campaign, calling a page of clients, the batches panel, the 'No llamar' list, and their screenshots. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api';
import { Capturas } from './capturas';

export class Llamadas {
  readonly capturas = new Capturas(process.env.LLAMADAS_SHOTS ?? 'test-results/llamadas');

  constructor(private readonly page: Page) {}

  /** A campaign select ('Campaña activa', 'Campaña'), by its exact label and the campaign's exact name. */
  async elegirCampana(etiqueta: string, nombre: string): Promise<void> {
    await this.page.getByRole('combobox', { name: etiqueta, exact: true }).click();
    await this.page.getByRole('option', { name: nombre, exact: true }).click();
  }

  /** Selects the client list's page and asks to call it: answers the confirmation dialog (with its estimate). */
  async llamarPagina(): Promise<Locator> {
    await this.page.getByRole('checkbox', { name: 'Seleccionar la página' }).check();
    await this.page.getByTestId('llamar-seleccionados').click();
    const dialogo = this.page.getByTestId('confirmar-lote');
    await expect(dialogo).toBeVisible();
    return dialogo;
  }

  /** The client screen's batches panel and its rows (running and scheduled first). */
  get panelLotes(): Locator {
    return this.page.getByTestId('panel-lotes');
  }

  filasLote(): Locator {
    return this.panelLotes.getByTestId('lote-fila');
  }

  /** A client's row in the list, by full name. */
  filaCliente(nombre: string): Locator {
    return this.page.locator(`[data-testid="fila-cliente"][data-nombre="${nombre}"]`);
  }

  /** Opens the shared 'No llamar' list from the client screen. */
  async abrirNoLlamar(): Promise<Locator> {
    await this.page.getByTestId('abrir-no-llamar').click();
    const modal = this.page.getByTestId('no-llamar');
    await expect(modal).toBeVisible();
    return modal;
  }

  /** A confirm dialog's button (Mantine's confirm modals), by its exact name. */
  async confirmar(boton: string): Promise<void> {
    await this.page.getByRole('dialog').getByRole('button', { name: boton, exact: true }).click();
  }

  /** 'Campañas': a new campaign by its name and minutes, as the form takes them; its row shows. */
  async crearCampana(nombre: string, minutos: number): Promise<void> {
    await this.page.goto('/dashboard/campanas');
    await this.page.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
    await this.page.getByRole('textbox', { name: 'Minutos' }).fill(String(minutos));
    await this.page.getByRole('button', { name: 'Crear campaña' }).click();
    await expect(this.page.getByText('Campaña creada.')).toBeVisible();
    await expect(this.page.getByTestId('tabla-campanas').getByRole('row', { name: new RegExp(nombre) })).toContainText(String(minutos));
  }

  /** 'Importar CSV' on the client screen: picks the file and answers the preview's dialog (not yet saved). */
  async abrirImportacion(nombreArchivo: string, csv: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Importar CSV' }).click();
    await this.page.locator('input[type=file]').setInputFiles({ name: nombreArchivo, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  }

  /** The configuration panel of the client screen, filled to call all day, one call at a time. */
  async configurarAgente(agente: string, numero: string): Promise<void> {
    const config = this.page.getByTestId('panel-configuracion');
    await config.getByLabel('ID del agente', { exact: true }).fill(agente);
    await config.getByLabel('ID del número del agente').fill(numero);
    await config.getByLabel('Prompt').fill('Eres el asistente de cobranza. Recuerda la fecha de pago con cortesía.');
    await config.getByLabel('Desde').fill('00:00');
    await config.getByLabel('Hasta').fill('23:59');
    await config.getByLabel('Llamadas simultáneas').fill('1');
    await config.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(this.page.getByText('Configuración guardada.')).toBeVisible();
  }

  /** 'Histórico de llamadas' of the client list's page, searched: its first call's row shows. */
  async abrirHistorial(busqueda: string): Promise<Locator> {
    await this.page.getByRole('button', { name: /^Histórico de llamadas/ }).click();
    await expect(this.page.getByTestId('historial-conteo')).toContainText('encontrado');
    await this.page.getByRole('textbox', { name: 'Buscar por agente, teléfono, campaña o estado' }).fill(busqueda);
    const fila = this.page.getByTestId('fila-llamada').first();
    await expect(fila).toBeVisible();
    return fila;
  }

  /** The first call's transcript, then 'Escuchar audio': answers the player's total time (m:ss once loaded). */
  async escucharAudio(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Ver transcripción' }).first().click();
    await this.page.getByTestId('escuchar-audio').click();
    return this.page.getByTestId('tiempo-total');
  }

  async captura(nombre: string, fullPage = false): Promise<void> {
    await this.capturas.pagina(this.page, nombre, fullPage);
  }
}

export interface ClientePrueba {
  nombre: string;
  apellido: string;
  telefono: string;
}

/**
 * A campaign with its call configuration (calling all day, one call at a time unless said) and its clients,
 * through the api (the screens that create them have their own spec, llamadas.spec.ts).
 */
export async function campanaConClientes(api: Api, nombre: string, clientes: readonly ClientePrueba[], config: Record<string, unknown> = {}): Promise<{ id: number }> {
  const campana = await api.llamar<{ id: number }>('llamadas', 'crearCampana', { nombre, minutos: 500 });
  await api.llamar('llamadas', 'guardarConfiguracion', { campanaId: campana.id, agentid: 'agent_lotes', agentphonenumberid: 'phnum_lotes', prompt: 'Hola', horaInicio: '00:00', horaFin: '23:59', maxSimultaneas: 1, ...config });
  for (const [i, c] of clientes.entries()) {
    await api.llamar('llamadas', 'crearCliente', { ...c, email: `cliente${i}.${c.telefono.replace(/\D/g, '')}@lotes.co`, campanaId: campana.id });
  }
  return campana;
}

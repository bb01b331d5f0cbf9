import AxeBuilder from '@axe-core/playwright';
import { DASHBOARD_CHILDREN } from '../../src/renderer/app/route-paths';
import { expect, test } from './support/fixtures';
import { findClipped, settled } from './support/layout';
import type { Api } from './support/api';

/**
 * Every dashboard route, with the demo data and the long names real customers have (a company, its message
 * table, a client), at the desktop window's default size (1360×860) and at 1440×900, sidebar open: no badge
 * text cut or covered, no button or action outside what shows it, and no serious or critical accessibility
 * violation (axe-core).
 */
// Each test in a worker of its own (and so an app of its own): they are the three longest of the suite.
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { width: 1360, height: 860 },
  { width: 1440, height: 900 },
] as const;

const EMPRESA_LARGA = 'Distribuidora Farmacéutica Nacional de Medicamentos Genéricos del Caribe S.A.S.';
const TABLA_LARGA = 'distribuidora_farmaceutica_nacional_gene_registro_bot_wordpress';

/** Long real-world names, once per file's app: a client company, a WordPress bot on a plan, a client per campaign. */
async function nombresLargos(api: Api): Promise<void> {
  const empresas = await api.llamar<Array<{ nombre: string }>>('empresas', 'listar');
  if (empresas.some((e) => e.nombre === EMPRESA_LARGA)) return;
  await api.llamar('empresas', 'crear', { nombre: EMPRESA_LARGA, descripcion: 'Distribución mayorista de medicamentos genéricos en la región Caribe', usuarioCliente: 'distribuidora.farmaceutica.caribe', contrasenaCliente: 'Caribe2026-Segura' });
  const bot = await api.llamar<{ uuid: string }>('bots', 'guardarEmpresa', { canal: 'wordpress', name: EMPRESA_LARGA, tableSupabase: TABLA_LARGA });
  const [plan] = await api.llamar<Array<{ id: string }>>('planes', 'listar');
  await api.llamar('planes', 'asignarEmpresa', { planId: plan!.id, empresaWordpressUuid: bot.uuid });
  for (const campana of await api.llamar<Array<{ id: number }>>('llamadas', 'listarCampanas')) {
    await api.llamar('llamadas', 'crearCliente', {
      campanaId: campana.id,
      nombre: 'Alejandra María de los Ángeles',
      apellido: 'Fernández-Castellanos Villarreal de la Torre',
      email: 'alejandra.fernandez-castellanos.villarreal@distribuidorafarmaceuticacaribe.com.co',
      telefono: '+57 (605) 385-9210',
      empresa: EMPRESA_LARGA,
      cargo: 'Directora Nacional de Compras, Abastecimiento y Relaciones con Laboratorios',
    });
  }
}

for (const size of SIZES) {
  test(`nada recortado, tapado ni fuera de la pantalla a ${size.width}×${size.height}`, async ({ page, sesion, api }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await sesion.entrarComoAdmin();
    await nombresLargos(api);
    const problems: string[] = [];
    for (const child of [...DASHBOARD_CHILDREN, 'configuracion?seccion=operadores', 'configuracion?seccion=conexion', 'configuracion?seccion=datos', 'configuracion?seccion=seguridad', 'configuracion?seccion=actividad']) {
      await page.goto(`/dashboard/${child}`);
      await settled(page);
      for (const p of await findClipped(page)) problems.push(`${child}: ${p.what} — ${p.why}`);
    }
    // A modal of rows and actions: a plan's companies ('Desasociar' used to lie outside the modal).
    await page.goto('/dashboard/planes');
    await settled(page);
    await page.getByRole('button', { name: /^Ver empresas / }).first().click();
    await expect(page.getByRole('dialog').getByRole('row', { name: new RegExp(EMPRESA_LARGA.slice(0, 30)) })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settled(page);
    for (const p of await findClipped(page)) problems.push(`planes › empresas del plan: ${p.what} — ${p.why}`);
    // The shared 'No llamar' list, opened from the client screen (issue 15).
    await page.goto('/dashboard/equipo');
    await settled(page);
    await page.getByTestId('abrir-no-llamar').click();
    await expect(page.getByTestId('no-llamar')).toBeVisible();
    await settled(page);
    for (const p of await findClipped(page)) problems.push(`equipo › lista No llamar: ${p.what} — ${p.why}`);
    expect(problems).toEqual([]);
  });
}

test('sin violaciones de accesibilidad graves o críticas en ninguna ruta', async ({ page, sesion }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]);
  await sesion.entrarComoAdmin();
  const violations: string[] = [];
  for (const child of DASHBOARD_CHILDREN) {
    await page.goto(`/dashboard/${child}`);
    await settled(page);
    const result = await new AxeBuilder({ page }).analyze();
    for (const v of result.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        violations.push(`${child}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
  }
  expect(violations).toEqual([]);
});

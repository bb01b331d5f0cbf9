import AxeBuilder from '@axe-core/playwright';
import { DASHBOARD_CHILDREN } from '../../src/renderer/app/route-paths';
import { expect, test } from './support/fixtures';
import { findClipped, settled } from './support/layout';

/**
 * Every dashboard route, with the demo data, at the desktop window's default size (1360×860) and at
 * 1440×900, sidebar open: no badge text cut, no button or action outside what shows it, and no serious or
 * critical accessibility violation (axe-core).
 */
const SIZES = [
  { width: 1360, height: 860 },
  { width: 1440, height: 900 },
] as const;

for (const size of SIZES) {
  test(`nada recortado ni fuera de la pantalla a ${size.width}×${size.height}`, async ({ page, sesion }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await sesion.entrarComoAdmin();
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

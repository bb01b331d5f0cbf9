import { afterEach, describe, expect, it, vi } from 'vitest';
import { es } from '../../src/shared/i18n/es';
import {
  baseAgentesDesde,
  canalDeTipoServicio,
  fallaTablaAborta,
  nombreFlujo,
  nombreTablaLibre,
  sugerirNombreTabla,
  validarNombreInstancia,
  webhookAgente,
  WEBHOOK_FLUJO,
} from '../../src/shared/domain/bot-tablas';
import { empresaAReutilizar, nombreUnico, ordenarParaAprovisionar, planificarServicios, type InstanciaServicio } from '../../src/shared/areas/proyectos/rules';
import {
  consecuenciasEliminacion,
  estadoProyectoConocido,
  etiquetaEstadoProyecto,
  progresoBadge,
  type DependenciasEliminacion,
} from '../../src/shared/areas/proyectos/rules';
import { ALFABETO_CONTRASENA, enlaceAccesoEmpresa, generarContrasenaPortal, generarUsuarioPortal } from '../../src/shared/areas/empresas/rules';
import { alertasDe, campoCsv, rangoPeriodo, reporteCsv } from '../../src/shared/areas/metricas/rules';
import { planValido, formatoCosto } from '../../src/shared/areas/planes/rules';
import { categoriaDeTipo, parsearConfiguracion, plantilla, reglasServicio } from '../../src/shared/areas/servicios/rules';

const inst = (tipo: string, cfg: Record<string, unknown> = {}, created = '2026-01-01T00:00:00Z', id = `${tipo}_1`): InstanciaServicio => ({
  id, proyectoId: 'p', empresaId: null, tipoServicio: tipo, nombreInstancia: id, estado: 'activo', categoria: null, configuracion: cfg, createdAt: created,
});

describe('nombres de instancia y de tabla (§5)', () => {
  it('valida con los mensajes exactos', () => {
    expect(validarNombreInstancia('whatsapp', '   ')).toBe('El nombre de la instancia es obligatorio');
    expect(validarNombreInstancia('bot_wordpress', 'abcd')).toBe('El nombre de la instancia debe tener al menos 5 caracteres y no puede contener caracteres especiales');
    for (const c of ['<', '>', ':', '"', '/', '\\', '|', '?', '*']) expect(validarNombreInstancia('bot_duda', `Bot ${c} Duda`)).toBe(es.proyectos.nombreInstanciaInvalido);
    expect(validarNombreInstancia('bot_shopify', '  abcde  ')).toBeNull();
    expect(validarNombreInstancia('llamadas', 'Camp')).toBe('El nombre de la campaña debe tener al menos 5 caracteres');
    expect(validarNombreInstancia('llamadas', 'Camp: 1')).toBeNull();
    expect(validarNombreInstancia('otro_servicio', 'ab')).toBeNull();
  });

  it('genera la tabla con el sufijo del canal y la hace única antes del sufijo', () => {
    expect(sugerirNombreTabla('Tienda Aurora - WhatsApp', 'whatsapp')).toBe('tienda_aurora_whatsapp_registro_whatsapp');
    expect(sugerirNombreTabla('Mi  Bot!!', 'wordpress')).toBe('mi_bot_registro_bot_wordpress');
    expect(sugerirNombreTabla('x', 'shopify')).toBe('x_registro_bot_shopify');
    expect(sugerirNombreTabla('__Bot__', 'duda')).toBe('bot_registro_bot_duda');
    const ocupados = new Set(['mi_bot_registro_bot_wordpress', 'mi_bot_2_registro_bot_wordpress']);
    expect(nombreTablaLibre('Mi Bot', 'wordpress', ocupados)).toBe('mi_bot_3_registro_bot_wordpress');
    expect(nombreTablaLibre('2024 Ventas', 'duda', new Set())).toBe('t_2024_ventas_registro_bot_duda');
    const larga = nombreTablaLibre('x'.repeat(80), 'whatsapp', new Set([sugerirNombreTabla('x'.repeat(80), 'whatsapp')]));
    expect(larga.length).toBeLessThanOrEqual(63);
    expect(larga.endsWith('_2_registro_whatsapp')).toBe(true);
  });

  it('flujos, webhooks y la regla de falla de tabla por canal (§7)', () => {
    expect(nombreFlujo('wordpress', 'A')).toBe('Wordpress Flow - A');
    expect(nombreFlujo('whatsapp', 'A')).toBe('WhatsApp Flow - A');
    expect(nombreFlujo('shopify', 'A')).toBe('shopify Flow - A');
    expect(nombreFlujo('duda', 'A')).toBe('Duda Flow - A');
    expect(WEBHOOK_FLUJO).toEqual({ wordpress: 'flujoBots', shopify: 'flujoBots', duda: 'flujoBots', whatsapp: 'flujoWhatsapp' });
    expect([fallaTablaAborta('wordpress'), fallaTablaAborta('shopify'), fallaTablaAborta('duda'), fallaTablaAborta('whatsapp')]).toEqual([false, false, true, true]);
    expect(webhookAgente('https://n8n.x.co/webhook/', 'u-1')).toBe('https://n8n.x.co/webhook/u-1');
    expect(baseAgentesDesde('https://n8n.x.co/webhook/crear-flujo')).toBe('https://n8n.x.co/webhook');
    expect(canalDeTipoServicio('llamadas')).toBeNull();
  });
});

describe('aplicar servicios (§5, §7, §8)', () => {
  it('una instancia por tipo y nombres únicos con sufijo numérico', () => {
    const plan = planificarServicios([{ tipoServicio: 'whatsapp', nombreInstancia: 'Bot Wordpress' }], [
      { tipo: 'whatsapp', nombreInstancia: 'Otro' },
      { tipo: 'bot_wordpress', nombreInstancia: 'Bot Wordpress' },
      { tipo: 'bot_duda', nombreInstancia: 'bot wordpress' },
      { tipo: 'bot_duda', nombreInstancia: 'Duplicado' },
    ]);
    expect(plan.omitidos).toEqual(['whatsapp', 'bot_duda']);
    expect(plan.agregar.map((a) => a.nombreInstancia)).toEqual(['Bot Wordpress 1', 'bot wordpress 2']);
    expect(nombreUnico('A', new Set(['a', 'a 1']))).toBe('A 2');
  });

  it('orden de reutilización: WhatsApp → Shopify → Duda → otro bot; solo para WhatsApp, Shopify y Duda', () => {
    const wp = inst('bot_wordpress', { empresa_uuid: 'wp', table_supabase: 't_wp' }, '2026-01-01T00:00:00Z');
    const duda = inst('bot_duda', { empresa_uuid: 'du', table_supabase: 't_du' }, '2026-01-02T00:00:00Z');
    const shop = inst('bot_shopify', { empresa_uuid: 'sh', table_supabase: 't_sh' }, '2026-01-03T00:00:00Z');
    const wa = inst('whatsapp', { empresa_uuid: 'wa', table_supabase: 't_wa', webhook_n8n: 'h' }, '2026-01-04T00:00:00Z');
    expect(empresaAReutilizar('bot_duda', [wp, duda, shop, wa])).toMatchObject({ empresaUuid: 'wa', mismoCanal: false });
    expect(empresaAReutilizar('bot_duda', [wp, duda, shop])).toMatchObject({ empresaUuid: 'sh' });
    expect(empresaAReutilizar('bot_shopify', [wp, duda])).toMatchObject({ empresaUuid: 'du' });
    expect(empresaAReutilizar('whatsapp', [wp])).toMatchObject({ empresaUuid: 'wp', tableSupabase: 't_wp' });
    expect(empresaAReutilizar('bot_wordpress', [wa])).toBeNull();
    expect(empresaAReutilizar('llamadas', [wa])).toBeNull();
    expect(empresaAReutilizar('whatsapp', [])).toBeNull();
    // An incomplete company (table not created) is not offered; the chosen WhatsApp company comes first.
    expect(empresaAReutilizar('bot_shopify', [inst('whatsapp', { empresa_uuid: 'x', table_supabase: 't', tabla_creada: false })])).toBeNull();
    expect(empresaAReutilizar('whatsapp', [shop], { uuid: 'elegida', tableSupabase: 't_e', webhookN8n: null })).toMatchObject({ empresaUuid: 'elegida', mismoCanal: true });
  });

  it('aprovisiona en el orden de §7: WhatsApp, Shopify, Duda, otros bots, llamadas, el resto; estable', () => {
    const pedidos = ['otro_servicio', 'bot_duda', 'llamadas', 'bot_wordpress', 'bot_shopify', 'whatsapp', 'otro_mas'].map((tipo) => ({ tipo }));
    expect(ordenarParaAprovisionar(pedidos, (p) => p.tipo).map((p) => p.tipo)).toEqual(['whatsapp', 'bot_shopify', 'bot_duda', 'bot_wordpress', 'llamadas', 'otro_servicio', 'otro_mas']);
    // The input is not reordered in place.
    expect(pedidos[0]!.tipo).toBe('otro_servicio');
    expect(ordenarParaAprovisionar([], (p: { tipo: string }) => p.tipo)).toEqual([]);
  });
});

describe('borrar lo que está en uso (issue 12)', () => {
  const vacio: DependenciasEliminacion = { tipo: 'proyecto', nombre: 'P', proyectos: [], empresasWordpress: [], empresasBot: [], servicios: [], campanas: [], portal: false };
  it('sin dependencias no hay nada que contar', () => {
    for (const tipo of ['plan', 'empresa', 'proyecto'] as const) expect(consecuenciasEliminacion({ ...vacio, tipo })).toEqual([]);
  });
  it('un proyecto: servicios, empresas que se desactivan, las que siguen y las campañas que se conservan', () => {
    const bot = (name: string, desactivar: boolean) => ({ canal: 'duda' as const, uuid: name, name, tableSupabase: `${name}_t`, status: true, webhook: true, desactivar });
    const lineas = consecuenciasEliminacion({
      ...vacio,
      servicios: [{ id: '1', nombreInstancia: 'Bot A', tipoServicio: 'bot_duda' }],
      empresasBot: [bot('a', true), bot('b', false), bot('c', true)],
      campanas: [{ id: 1, nombre: 'Campaña X' }],
    });
    expect(lineas).toEqual([
      { texto: 'Se eliminará su servicio:', elementos: ['Bot A (Bot Duda)'] },
      { texto: es.proyectos.eliminacion.proyectoDesactivar(2), elementos: ['a · Bot Duda (a_t)', 'c · Bot Duda (c_t)'] },
      { texto: 'Seguirá activa la empresa de bot que también usan otros proyectos:', elementos: ['b · Bot Duda (b_t)'] },
      { texto: 'Se conserva su campaña de llamadas:', elementos: ['Campaña X'] },
    ]);
  });
  it('un plan y una empresa cliente', () => {
    expect(consecuenciasEliminacion({ ...vacio, tipo: 'plan', proyectos: [{ id: '1', nombre: 'Uno' }] })).toEqual([{ texto: 'Un proyecto usa este plan y quedará «Sin plan»:', elementos: ['Uno'] }]);
    expect(consecuenciasEliminacion({ ...vacio, tipo: 'empresa', portal: true }).map((l) => l.texto)).toEqual([es.empresas.eliminacion.empresaPortal]);
    // The same kinds of records of another type are not mentioned (a plan has no portal).
    expect(consecuenciasEliminacion({ ...vacio, tipo: 'plan', portal: true })).toEqual([]);
  });
});

describe('estados y progreso (§4)', () => {
  it('badge 0/25/50/75/100 y desconocido como Inactivo', () => {
    expect(['inactivo', 'activo', 'en_proceso', 'pausado', 'completado', 'cancelado'].map(progresoBadge)).toEqual([0, 25, 50, 75, 100, 0]);
    expect(estadoProyectoConocido('raro')).toBe('inactivo');
    expect(etiquetaEstadoProyecto('raro')).toBe('Inactivo');
    expect(etiquetaEstadoProyecto('en_proceso')).toBe('En Proceso');
  });
});

describe('credenciales del portal (§6 y el cambio a hash)', () => {
  afterEach(() => vi.restoreAllMocks());
  it('usuario y contraseña de 8 caracteres del alfabeto, de la fuente criptográfica', () => {
    expect(generarUsuarioPortal('  Café  Origen S.A.S ')).toBe('usuario_café_origen_s.a.s');
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const claves = new Set(Array.from({ length: 200 }, () => generarContrasenaPortal()));
    expect(spy).toHaveBeenCalled();
    expect(claves.size).toBe(200);
    for (const c of claves) {
      expect(c).toHaveLength(8);
      for (const ch of c) expect(ALFABETO_CONTRASENA).toContain(ch);
    }
  });
  it('sin sesgo de módulo: los bytes fuera del múltiplo se descartan', () => {
    const bytes = [255, 250, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    const fuente = (b: Uint8Array) => {
      for (let i = 0; i < b.length; i += 1) b[i] = bytes.shift() ?? 9;
      return b;
    };
    expect(generarContrasenaPortal(fuente)).toBe(ALFABETO_CONTRASENA.slice(0, 8));
  });
  // The estimated progress (§4) and the stored bcrypt hash are the database's: tested through the api on
  // both databases (tests/integration/gestion-api.test.ts, 'métricas' and 'empresas').
  it('enlace de acceso', () => {
    expect(enlaceAccesoEmpresa('https://panel.agencia.co/', 'abc')).toBe('https://panel.agencia.co/accesoempresas/abc');
  });
});

describe('catálogo, planes y métricas', () => {
  it('reglas del formulario de servicio y plantillas', () => {
    expect(reglasServicio.nombre('ab')).toBe(es.servicios.nombreMinimo);
    expect(reglasServicio.tipo('Bot')).toBe(es.servicios.tipoInvalido);
    expect(reglasServicio.descripcion('corta')).toBe(es.servicios.descripcionMinima);
    expect(reglasServicio.icono('rocket')).toBe(es.servicios.iconoInvalido);
    expect(reglasServicio.categoria('Otra')).toBe(es.servicios.categoriaInvalida);
    expect(parsearConfiguracion('')).toEqual({ ok: true, valor: {} });
    expect(parsearConfiguracion('[1]')).toEqual({ ok: false, error: es.servicios.configuracionInvalida });
    expect(plantilla('llamadas').configuracion).toMatchObject({ minutos_disponibles: 0, max_concurrent_calls: 5 });
    expect(() => plantilla('nada')).toThrow('Plantilla no encontrada');
    expect([categoriaDeTipo('bot_shopify'), categoriaDeTipo('bot_duda'), categoriaDeTipo('whatsapp'), categoriaDeTipo('x'), categoriaDeTipo(null)]).toEqual([
      'E-commerce', 'Atención al Cliente', 'Comunicación', 'Otros', 'Sin especificar',
    ]);
  });
  it('regla de la alerta del plan y costo con $', () => {
    expect(planValido({ title: 'A', description: 'B', cost: 0 })).toBe(false);
    expect(planValido({ title: ' ', description: 'B', cost: 1 })).toBe(false);
    expect(planValido({ title: 'A', description: 'B', cost: '0.01' })).toBe(true);
    expect(formatoCosto(49.9)).toBe('$49.90');
  });
  it('alertas con su navegación, periodo y CSV', () => {
    const a = alertasDe({ proyectosLargos: 2, sinNuevos: true, sinServicios: 1, serviciosError: 3 });
    expect(a.map((x) => [x.tipo, x.ruta])).toEqual([
      ['proyectos_largos', '/dashboard/proyectos'],
      ['sin_nuevos', '/dashboard/proyectos'],
      ['sin_servicios', '/dashboard/proyectos'],
      ['servicios_error', '/dashboard/proyectos/administrar-servicios'],
    ]);
    expect(alertasDe({ proyectosLargos: 0, sinNuevos: false, sinServicios: 0, serviciosError: 0 })).toEqual([]);
    expect(rangoPeriodo({ desde: '2026-11-01', hasta: '2026-11-02' }, new Date())).toEqual({ desde: '2026-11-01T05:00:00.000Z', hasta: '2026-11-03T04:59:59.999Z' });
    expect(campoCsv('a,b')).toBe('"a,b"');
    expect(campoCsv('=1+1')).toBe("'=1+1");
    const filas = Array.from({ length: 12 }, (_, k) => ({ id: String(k), nombre: `P ${k}`, estado: 'activo', progreso: 50, totalServicios: 2, serviciosActivos: 1, serviciosCompletados: 0, diasActivo: 3, ultimaActividad: '2026-11-21T15:00:00Z' }));
    const csv = reporteCsv(filas, etiquetaEstadoProyecto).trim().split('\r\n');
    expect(csv[0]).toBe('Proyecto,Estado,Progreso (%),Total Servicios,Servicios Activos,Servicios Completados,Tiempo Activo (días),Última Actividad');
    expect(csv).toHaveLength(11);
    expect(csv[1]!.startsWith('P 0,Activo,50,2,1,0,3,')).toBe(true);
  });
});

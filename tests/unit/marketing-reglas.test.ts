import { describe, expect, it } from 'vitest';
import { leerRespuestaAnalisis, leerContenidoGuardado, contenidoGuardado, conteoServicios, notaCrearCorreo, resumenPropuesta, tipoSeccion, comoTexto } from '../../src/shared/areas/marketing/propuesta';
import {
  MAX_ARCHIVO_BYTES,
  bytesToBase64,
  base64ToBytes,
  nombreSeguro,
  problemaArchivoSeleccionado,
  rutaArchivo,
  rutaSegura,
  validarArchivo,
} from '../../src/shared/areas/marketing/archivos';
import { problemaUrl } from '../../src/shared/areas/marketing/rules';
import { resultadoDe } from '../../src/shared/areas/marketing/analisis';
import { es } from '../../src/shared/i18n/es';
import { AppError } from '../../src/shared/errors';
import { tinyPdf } from '../support/marketing-fixtures';

const m = es.marketing;
const PROPUESTA = {
  nombre_sitio: 'Clima Frío SAS',
  mensaje_inicial: 'Hola',
  paginas: [
    { pagina: 'Inicio', componentes: [{ seccion: 'Hero', contenido: 'Bienvenidos' }] },
    { pagina: 'Servicios', componentes: [{ seccion: 'Lista', servicios: [{ nombre: 'Instalación de aires' }] }] },
  ],
  indicaciones_diseno: { logotipo: 'Usar el actual' },
};

describe('respuesta del análisis (parte 3 §7)', () => {
  it('reconoce el objeto propuesta, envuelto o directo', () => {
    expect(leerRespuestaAnalisis({ propuesta_estructura_sitio_web: PROPUESTA }, '')).toMatchObject({ tipo: 'propuesta', propuesta: { nombre_sitio: 'Clima Frío SAS' } });
    expect(leerRespuestaAnalisis(PROPUESTA, '')).toMatchObject({ tipo: 'propuesta', propuesta: { paginas: [{ pagina: 'Inicio' }, { pagina: 'Servicios' }] } });
  });

  it('lista u objeto con output que lleva JSON en texto (también con ```json)', () => {
    const asText = JSON.stringify({ propuesta_estructura_sitio_web: PROPUESTA });
    expect(leerRespuestaAnalisis([{ output: asText }], '')).toMatchObject({ tipo: 'propuesta' });
    expect(leerRespuestaAnalisis({ output: asText }, '')).toMatchObject({ tipo: 'propuesta' });
    expect(leerRespuestaAnalisis({ output: '```json\n' + asText + '\n```' }, '')).toMatchObject({ tipo: 'propuesta' });
    expect(leerRespuestaAnalisis([{ output: PROPUESTA }], '')).toMatchObject({ tipo: 'propuesta' });
  });

  it('output con texto plano se muestra como texto', () => {
    expect(leerRespuestaAnalisis([{ output: 'El sitio vende aires acondicionados.' }], '')).toEqual({ tipo: 'texto', texto: 'El sitio vende aires acondicionados.' });
    expect(leerRespuestaAnalisis({ output: '  Resumen  ' }, '')).toEqual({ tipo: 'texto', texto: 'Resumen' });
    expect(leerRespuestaAnalisis(null, 'respuesta en texto plano')).toEqual({ tipo: 'texto', texto: 'respuesta en texto plano' });
  });

  it('JSON en output que no es propuesta queda legible como texto', () => {
    const r = leerRespuestaAnalisis({ output: '{"hola": 1}' }, '');
    expect(r).toEqual({ tipo: 'texto', texto: JSON.stringify({ hola: 1 }, null, 2) });
  });

  it('basura: vacía o ilegible, nunca lanza', () => {
    for (const garbage of [null, undefined, 42, true, [], {}, { foo: 'bar' }, [null], { output: '' }, { output: 7 }, [[[[[[]]]]]]]) {
      expect(leerRespuestaAnalisis(garbage, '')).toEqual({ tipo: 'vacia' });
    }
    expect(leerRespuestaAnalisis(null, '   ')).toEqual({ tipo: 'vacia' });
    expect(leerRespuestaAnalisis({ output: '{"roto": ' }, '')).toEqual({ tipo: 'ilegible' });
    expect(leerRespuestaAnalisis([{ output: '[1, 2' }], '')).toEqual({ tipo: 'ilegible' });
    expect(leerRespuestaAnalisis({ paginas: 'no es lista' }, '')).toEqual({ tipo: 'vacia' });
  });

  it('resultados y mensajes de §8', () => {
    expect(resultadoDe({ tipo: 'propuesta', propuesta: PROPUESTA })).toMatchObject({ mensaje: m.estructuraGenerada, dominio: 'Clima Frío SAS' });
    expect(resultadoDe({ tipo: 'propuesta', propuesta: { paginas: [] } })).toMatchObject({ dominio: 'Sitio sin nombre' });
    expect(resultadoDe({ tipo: 'texto', texto: 'x' })).toMatchObject({ mensaje: m.contenidoProcesado, contenido: 'x' });
    expect(() => resultadoDe({ tipo: 'vacia' })).toThrow(m.sinContenidoValido);
    expect(() => resultadoDe({ tipo: 'ilegible' })).toThrow(m.errorRespuesta);
    try {
      resultadoDe({ tipo: 'vacia' });
    } catch (e) {
      expect(AppError.is(e)).toBe(true);
    }
  });

  it('el contenido guardado se vuelve a leer igual', () => {
    const r = leerRespuestaAnalisis(PROPUESTA, '');
    expect(leerContenidoGuardado(contenidoGuardado(r))).toEqual(r);
    expect(leerContenidoGuardado('texto libre')).toEqual({ tipo: 'texto', texto: 'texto libre' });
    expect(leerContenidoGuardado('{"a":1}')).toEqual({ tipo: 'texto', texto: '{"a":1}' });
    expect(leerContenidoGuardado(null)).toEqual({ tipo: 'vacia' });
  });
});

/** The page nginx answers when the flow behind it is down; some proxies send it with status 200. */
const NGINX_502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

describe('clasificación de la respuesta: ni propuesta ni texto plano = contenido no válido (issue 12)', () => {
  it('una página HTML de error no es contenido: ni como cuerpo, ni en output, ni con su Content-Type', () => {
    expect(leerRespuestaAnalisis(null, NGINX_502)).toEqual({ tipo: 'vacia' });
    expect(leerRespuestaAnalisis(null, NGINX_502, 'text/html')).toEqual({ tipo: 'vacia' });
    expect(leerRespuestaAnalisis(null, '<!DOCTYPE html><html lang="es"><body>Error</body></html>')).toEqual({ tipo: 'vacia' });
    expect(leerRespuestaAnalisis([{ output: NGINX_502 }], '')).toEqual({ tipo: 'vacia' });
    expect(leerRespuestaAnalisis({ output: '<?xml version="1.0"?><error>timeout</error>' }, '')).toEqual({ tipo: 'vacia' });
    // Announced as HTML, even a body that reads like text is not taken as the analysis.
    expect(leerRespuestaAnalisis(null, 'Servicio no disponible', 'text/html; charset=utf-8')).toEqual({ tipo: 'vacia' });
    expect(() => resultadoDe(leerRespuestaAnalisis(null, NGINX_502, 'text/html'))).toThrow(m.sinContenidoValido);
  });

  it('vacío y JSON sin propuesta: contenido no válido', () => {
    expect(resultadoDe.bind(null, leerRespuestaAnalisis(null, ''))).toThrow(m.sinContenidoValido);
    expect(resultadoDe.bind(null, leerRespuestaAnalisis(null, '  \n '))).toThrow(m.sinContenidoValido);
    expect(resultadoDe.bind(null, leerRespuestaAnalisis({ estado: 'ok', datos: [1, 2] }, '{"estado":"ok","datos":[1,2]}', 'application/json'))).toThrow(m.sinContenidoValido);
    expect(resultadoDe.bind(null, leerRespuestaAnalisis([{ message: 'Workflow was started' }], '', 'application/json'))).toThrow(m.sinContenidoValido);
  });

  it('la propuesta y el texto plano siguen siendo contenido', () => {
    expect(resultadoDe(leerRespuestaAnalisis([{ output: JSON.stringify(PROPUESTA) }], '', 'application/json'))).toMatchObject({
      tipo: 'propuesta',
      dominio: 'Clima Frío SAS',
      mensaje: m.estructuraGenerada,
    });
    expect(resultadoDe(leerRespuestaAnalisis({ output: 'El sitio usa <b> para resaltar precios.' }, '', 'application/json'))).toMatchObject({
      tipo: 'texto',
      mensaje: m.contenidoProcesado,
    });
    expect(resultadoDe(leerRespuestaAnalisis(null, 'Resumen en texto plano', 'text/plain'))).toMatchObject({ tipo: 'texto', texto: 'Resumen en texto plano' });
  });
});

describe('vista de estructura: reglas puras (§2.9)', () => {
  it('tipos de sección', () => {
    expect(tipoSeccion({ contenido: 'texto' })).toBe('texto');
    expect(tipoSeccion({ contenido: ['a', 'b'] })).toBe('lista');
    expect(tipoSeccion({ contenido: { clave: 'valor' } })).toBe('objeto');
    expect(tipoSeccion({ campos: ['Nombre'] })).toBe('campos');
    expect(tipoSeccion({ datos: { email: 'a@b.co' } })).toBe('contacto');
    expect(tipoSeccion({ servicios: [] })).toBe('servicios');
    expect(tipoSeccion({})).toBe('vacia');
    expect(comoTexto({ a: 1 })).toContain('"a": 1');
  });

  it('servicios por palabra clave, nota de crear correo y resumen', () => {
    const servicios = [
      { nombre: 'Instalación de equipos' },
      { nombre: 'Mantenimiento preventivo', descripcion: 'y asesoría' },
      { nombre: 'Asesoria técnica' },
      'texto suelto',
    ];
    expect(conteoServicios(servicios)).toEqual({ total: 4, instalacion: 1, mantenimiento: 1, asesoria: 2 });
    expect(conteoServicios('nada')).toEqual({ total: 0, instalacion: 0, mantenimiento: 0, asesoria: 0 });
    expect(notaCrearCorreo({ direccion: 'Hay que CREAR el correo' })).toBe(true);
    expect(notaCrearCorreo({ direccion: 'Calle 1' })).toBe(false);
    expect(resumenPropuesta(PROPUESTA)).toEqual({ paginas: 2, componentes: 2, tieneServicios: true });
  });
});

describe('archivos (§5, §3)', () => {
  const pdf = tinyPdf();
  it('tipo, tamaño y archivo ilegible antes de leer', () => {
    expect(problemaArchivoSeleccionado('propuesta.PDF', 1000)).toBeNull();
    expect(problemaArchivoSeleccionado('a.docx', 10)).toBeNull();
    expect(problemaArchivoSeleccionado('a.doc', 10)).toBeNull();
    expect(problemaArchivoSeleccionado('a.txt', 10)).toBe(m.tipoNoValido);
    expect(problemaArchivoSeleccionado('sin-extension', 10)).toBe(m.tipoNoValido);
    expect(problemaArchivoSeleccionado('a.pdf', MAX_ARCHIVO_BYTES + 1)).toBe(m.archivoMuyGrande);
    expect(problemaArchivoSeleccionado('a.pdf', MAX_ARCHIVO_BYTES)).toBeNull();
    expect(problemaArchivoSeleccionado('a.pdf', 0)).toBe(m.errorLeer);
  });

  it('validación completa del lado del api: contenido, base64, firma y 10 MB', () => {
    const ok = validarArchivo('a.pdf', bytesToBase64(pdf));
    expect(ok.ok).toBe(true);
    expect(validarArchivo('a.exe', bytesToBase64(pdf))).toEqual({ ok: false, mensaje: m.tipoNoValido });
    expect(validarArchivo('a.pdf', 'esto no es base64!')).toEqual({ ok: false, mensaje: m.errorLeer });
    expect(validarArchivo('a.pdf', '')).toEqual({ ok: false, mensaje: m.errorLeer });
    expect(validarArchivo('a.docx', bytesToBase64(pdf))).toEqual({ ok: false, mensaje: m.formatoNoValido });
    expect(validarArchivo('a.pdf', bytesToBase64(new TextEncoder().encode('hola, no soy un pdf')))).toEqual({ ok: false, mensaje: m.formatoNoValido });
    const big = new Uint8Array(MAX_ARCHIVO_BYTES + 1);
    big.set(pdf.subarray(0, 8));
    expect(validarArchivo('a.pdf', bytesToBase64(big))).toEqual({ ok: false, mensaje: m.archivoMuyGrande });
    const limit = new Uint8Array(MAX_ARCHIVO_BYTES);
    limit.set(pdf.subarray(0, 8));
    expect(validarArchivo('a.pdf', bytesToBase64(limit)).ok).toBe(true);
    const doc = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(validarArchivo('viejo.doc', bytesToBase64(doc)).ok).toBe(true);
    expect(validarArchivo('nuevo.docx', bytesToBase64(new Uint8Array([0x50, 0x4b, 3, 4, 0]))).ok).toBe(true);
  });

  it('base64 ida y vuelta', () => {
    expect(base64ToBytes(bytesToBase64(pdf))).toEqual(pdf);
    expect(base64ToBytes('abc')).toBeNull();
  });

  it('rutas de storage: {userId}/{timestamp}_{nombre seguro}', () => {
    const uid = '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b';
    expect(rutaArchivo(uid, 1764000000123, 'Propuesta Comercial 2026.pdf')).toBe(`${uid}/1764000000123_Propuesta_Comercial_2026.pdf`);
    expect(rutaArchivo(uid, 1, 'Diseño ñandú.docx')).toBe(`${uid}/1_Diseno_nandu.docx`);
    expect(rutaArchivo(uid, 1, '../../etc/passwd')).toBe(`${uid}/1_passwd`);
    expect(rutaArchivo(uid, 1, '..\\..\\win.ini')).toBe(`${uid}/1_win.ini`);
    expect(rutaArchivo(uid, 1, '.oculto.pdf')).toBe(`${uid}/1_oculto.pdf`);
    expect(rutaArchivo(uid, 1, '...')).toBe(`${uid}/1_archivo`);
    expect(nombreSeguro('a'.repeat(300) + '.pdf')).toHaveLength(120);
    expect(nombreSeguro('a'.repeat(300) + '.pdf').endsWith('.pdf')).toBe(true);
    expect(() => rutaArchivo('../x', 1, 'a.pdf')).toThrow();
    for (const name of ['x y.pdf', 'ü.pdf', '-guion.pdf', '<script>.pdf', 'a/b/c.pdf', '', '   ']) {
      expect(rutaSegura(rutaArchivo(uid, Date.now(), name))).toBe(true);
    }
    expect(rutaSegura(`${uid}/1_a.pdf`)).toBe(true);
    expect(rutaSegura(`../${uid}/1_a.pdf`)).toBe(false);
    expect(rutaSegura(`/${uid}/1_a.pdf`)).toBe(false);
    expect(rutaSegura(`${uid}/1_..pdf`)).toBe(false);
    expect(rutaSegura(`${uid}/x/1_a.pdf`)).toBe(false);
    expect(rutaSegura(`${uid}/1_a b.pdf`)).toBe(false);
  });
});

describe('URL del sitio (§5)', () => {
  it('vacía, relativa, otro protocolo, válida', () => {
    expect(problemaUrl('')).toBe(m.urlVacia);
    expect(problemaUrl('   ')).toBe(m.urlVacia);
    expect(problemaUrl('ejemplo.com')).toBe(m.urlInvalida);
    expect(problemaUrl('/ruta')).toBe(m.urlInvalida);
    expect(problemaUrl('ftp://ejemplo.com')).toBe(m.urlInvalida);
    expect(problemaUrl('javascript:alert(1)')).toBe(m.urlInvalida);
    expect(problemaUrl('https://ejemplo.com')).toBeNull();
    expect(problemaUrl(' http://ejemplo.com/servicios?x=1 ')).toBeNull();
  });
});

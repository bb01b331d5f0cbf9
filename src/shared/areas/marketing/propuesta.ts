/**
 * The website proposal the marketing agent receives (part 3 §3 propuesta_estructura_sitio_web) and the
 * pure reading of the analysis webhook's answer (part 3 §7): a proposal object, or a list/object whose
 * `output` holds JSON text or plain text. Anything else is reported, never thrown. Markup (an HTML error
 * page a proxy answers with status 200, say) is not plain text: it is 'vacia', so nothing is saved.
 */

export interface DatosContacto {
  email?: string;
  telefono?: string;
  horario?: string;
  whatsapp?: string;
  direccion?: string;
}

export interface Servicio {
  nombre?: string;
  descripcion?: string;
}

export interface Componente {
  seccion?: string;
  contenido?: unknown;
  campos?: unknown;
  datos?: unknown;
  servicios?: unknown;
}

export interface Pagina {
  pagina?: string;
  componentes?: Componente[];
}

export interface IndicacionesDiseno {
  logotipo?: unknown;
  estilo_general?: unknown;
  colores?: unknown;
  redes_sociales?: { estado?: unknown; accion?: unknown } | unknown;
  web_referencia?: { url?: unknown; motivo?: unknown } | unknown;
}

export interface PropuestaSitio {
  nombre_sitio?: string;
  mensaje_inicial?: string;
  paginas: Pagina[];
  indicaciones_diseno?: IndicacionesDiseno;
}

export type RespuestaAnalisis =
  | { tipo: 'propuesta'; propuesta: PropuestaSitio }
  | { tipo: 'texto'; texto: string }
  /** Nothing usable came back ('❌ No se recibió contenido válido'). */
  | { tipo: 'vacia' }
  /** `output` looked like JSON but could not be read ('❌ Error al procesar la respuesta'). */
  | { tipo: 'ilegible' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object is a proposal when it has a list of pages (the only required part of the structure view). */
function asPropuesta(v: unknown): PropuestaSitio | null {
  if (!isObject(v)) return null;
  if (isObject(v.propuesta_estructura_sitio_web)) return asPropuesta(v.propuesta_estructura_sitio_web);
  if (!Array.isArray(v.paginas)) return null;
  const propuesta: PropuestaSitio = {
    paginas: v.paginas.filter(isObject).map((p) => ({
      ...(typeof p.pagina === 'string' ? { pagina: p.pagina } : {}),
      componentes: Array.isArray(p.componentes) ? (p.componentes.filter(isObject) as Componente[]) : [],
    })),
  };
  if (typeof v.nombre_sitio === 'string') propuesta.nombre_sitio = v.nombre_sitio;
  if (typeof v.mensaje_inicial === 'string') propuesta.mensaje_inicial = v.mensaje_inicial;
  if (isObject(v.indicaciones_diseno)) propuesta.indicaciones_diseno = v.indicaciones_diseno as IndicacionesDiseno;
  return propuesta;
}

/** Strips a ```json … ``` fence that language models like to add around JSON. */
function unfence(text: string): string {
  const m = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/.exec(text.trim());
  return m ? m[1]!.trim() : text.trim();
}

/**
 * A whole HTML/XML document or fragment: begins with a tag (or doctype / XML declaration) and ends with
 * one. A proxy's error page ('<html><head><title>502 Bad Gateway</title>…') is the case that matters:
 * read as text, it used to be shown as processed content and saved as a record.
 */
export function esMarcado(text: string): boolean {
  const t = text.trim();
  return /^<[a-zA-Z!?/]/.test(t) && t.endsWith('>') && /<\/?[a-zA-Z][^>]*>/.test(t);
}

/** A Content-Type that announces markup rather than JSON or text. */
export function esTipoMarcado(contentType: string | null | undefined): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml|text\/xml|application\/xml)\b/i.test(contentType ?? '');
}

function fromOutput(output: unknown, depth: number): RespuestaAnalisis {
  if (typeof output === 'string') {
    const text = unfence(output);
    if (!text) return { tipo: 'vacia' };
    if (esMarcado(text)) return { tipo: 'vacia' };
    if (text.startsWith('{') || text.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { tipo: 'ilegible' };
      }
      const inner = read(parsed, depth + 1);
      // JSON that is not a proposal: keep it readable as text rather than lose it.
      return inner.tipo === 'vacia' ? { tipo: 'texto', texto: JSON.stringify(parsed, null, 2) } : inner;
    }
    return { tipo: 'texto', texto: output.trim() };
  }
  if (isObject(output) || Array.isArray(output)) return read(output, depth + 1);
  return { tipo: 'vacia' };
}

function read(body: unknown, depth: number): RespuestaAnalisis {
  if (depth > 4) return { tipo: 'vacia' };
  if (Array.isArray(body)) return body.length > 0 ? read(body[0], depth + 1) : { tipo: 'vacia' };
  if (isObject(body)) {
    const propuesta = asPropuesta(body);
    if (propuesta) return { tipo: 'propuesta', propuesta };
    if ('output' in body) return fromOutput(body.output, depth);
    return { tipo: 'vacia' };
  }
  if (typeof body === 'string') return fromOutput(body, depth);
  return { tipo: 'vacia' };
}

/**
 * Reads the analysis answer: `json` is the parsed body when the answer was JSON (else null), `text` the raw
 * body, `contentType` its Content-Type when known. Every shape of part 3 §7 is recognised; garbage — an
 * HTML page included, whatever its status — gives 'vacia' or 'ilegible'.
 */
export function leerRespuestaAnalisis(json: unknown, text: string, contentType?: string | null): RespuestaAnalisis {
  if (esTipoMarcado(contentType)) return { tipo: 'vacia' };
  if (json !== null && json !== undefined) return read(json, 0);
  return text.trim() ? fromOutput(text, 0) : { tipo: 'vacia' };
}

export const SITIO_SIN_NOMBRE = 'Sitio sin nombre';

/** The kind of a component's body, for the structure view. */
export type TipoSeccion = 'contacto' | 'servicios' | 'campos' | 'lista' | 'texto' | 'objeto' | 'vacia';

export function tipoSeccion(c: Componente): TipoSeccion {
  if (isObject(c.datos)) return 'contacto';
  if (Array.isArray(c.servicios)) return 'servicios';
  if (Array.isArray(c.campos)) return 'campos';
  if (Array.isArray(c.contenido)) return 'lista';
  if (typeof c.contenido === 'string' || typeof c.contenido === 'number') return 'texto';
  if (isObject(c.contenido)) return 'objeto';
  return 'vacia';
}

/** A value shown as text whatever it is (the view never crashes on an unexpected shape). */
export function comoTexto(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
}

const sinAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Services block: total plus counts by keyword (installation, maintenance, advice). */
export function conteoServicios(servicios: unknown): { total: number; instalacion: number; mantenimiento: number; asesoria: number } {
  const list = Array.isArray(servicios) ? servicios : [];
  const texts = list.map((s) => (isObject(s) ? sinAcentos(`${comoTexto(s.nombre)} ${comoTexto(s.descripcion)}`) : sinAcentos(comoTexto(s))));
  return {
    total: list.length,
    instalacion: texts.filter((t) => t.includes('instala')).length,
    mantenimiento: texts.filter((t) => t.includes('mantenimiento')).length,
    asesoria: texts.filter((t) => t.includes('asesor')).length,
  };
}

/** The contact note of part 3 §2.9: the address text says the e-mail still has to be created. */
export function notaCrearCorreo(datos: DatosContacto | Record<string, unknown>): boolean {
  return /crear/i.test(comoTexto((datos as Record<string, unknown>).direccion));
}

/** Summary: pages, total components, whether a page named Servicios exists. */
export function resumenPropuesta(p: PropuestaSitio): { paginas: number; componentes: number; tieneServicios: boolean } {
  return {
    paginas: p.paginas.length,
    componentes: p.paginas.reduce((n, pg) => n + (pg.componentes?.length ?? 0), 0),
    tieneServicios: p.paginas.some((pg) => sinAcentos(pg.pagina ?? '').trim() === 'servicios'),
  };
}

/** The text kept in agente_marketing.contenido and read back by the details modal. */
export function contenidoGuardado(r: RespuestaAnalisis): string {
  if (r.tipo === 'propuesta') return JSON.stringify({ propuesta_estructura_sitio_web: r.propuesta });
  if (r.tipo === 'texto') return r.texto;
  return '';
}

/** Reads a stored contenido back: a proposal when it holds one, else the text as it is. */
export function leerContenidoGuardado(contenido: string | null): RespuestaAnalisis {
  if (!contenido || !contenido.trim()) return { tipo: 'vacia' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(contenido);
  } catch {
    return { tipo: 'texto', texto: contenido };
  }
  const r = read(parsed, 0);
  return r.tipo === 'propuesta' ? r : { tipo: 'texto', texto: contenido };
}

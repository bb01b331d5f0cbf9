/**
 * Demo data for the embedded database: realistic Spanish/Colombian campaigns, clients, calls (with
 * transcripts and a few real MP3 recordings), bot companies with their message tables, client companies,
 * plans, the service catalogue and projects.
 *
 * Deterministic (seeded PRNG, dates relative to `now`) except for the client companies' portal passwords,
 * which are crypto-random per install (a fixed seed gave every install the same, derivable passwords; nobody
 * is told them: an operator generates a new one to hand out). Runs as the database owner in ONE transaction and
 * only when there are no campaigns yet. Rows go in with multi-row INSERT … SELECT FROM unnest(arrays), never
 * one query per row, so the benchmark scale (50 000 clients, 200 000 calls) stays fast on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SqlClient } from '../../../shared/ports/sql';
import { electronResourcesPath, findUpwards } from './migrate';

export interface SeedScale {
  clientes?: number;
  llamadas?: number;
  mensajes?: number;
}

export interface SeedOptions {
  scale?: SeedScale;
  /** The moment the data is relative to (calls over the 60 days before it). Default: the current time. */
  now?: Date;
  /** Folder with the demo MP3 files. Default: findDemoAudioDir(); none found means no audio rows. */
  audioDir?: string | null;
}

export interface SeedSummary {
  /** True when the database already had campaigns and nothing was written. */
  skipped: boolean;
  /** Rows per table after seeding ('mensajes' = all message tables together). */
  counts: Record<string, number>;
  /** The message tables created through create_message_table. */
  messageTables: string[];
  durationMs: number;
}

export const DEFAULT_SCALE = { clientes: 300, llamadas: 3000, mensajes: 2400 } as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** America/Bogota is UTC−5 all year (no daylight saving). */
const BOGOTA_OFFSET = 5 * HOUR;
const BATCH = 20_000;

// ---------------------------------------------------------------------------------------------------
// Where the demo recordings are.

/** resources/demo-audio: env CONSOLA_DEMO_AUDIO_DIR, the repository (walking up), or the packaged app. */
export function findDemoAudioDir(): string | null {
  const fromEnv = process.env.CONSOLA_DEMO_AUDIO_DIR;
  if (fromEnv) return existsSync(fromEnv) ? resolve(fromEnv) : null;
  const found = findUpwards(join('resources', 'demo-audio'));
  if (found) return found;
  const resources = electronResourcesPath();
  if (resources) {
    for (const candidate of [join(resources, 'demo-audio'), join(resources, 'resources', 'demo-audio')]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

async function loadAudio(dir: string | null): Promise<string[]> {
  if (!dir || !existsSync(dir)) return [];
  try {
    const files = (await readdir(dir)).filter((f) => f.toLowerCase().endsWith('.mp3')).sort();
    return await Promise.all(files.map(async (f) => (await readFile(join(dir, f))).toString('base64')));
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------
// Deterministic randomness.

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Exported for tests, which watch what the seeded generator draws (e.g. that no portal password comes from it). */
export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new Error('lista vacía');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Index chosen by weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
  password(length: number): string {
    const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
    let out = '';
    for (let i = 0; i < length; i += 1) out += chars[Math.floor(this.next() * chars.length)];
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary.

const NOMBRES = [
  'Valentina', 'Santiago', 'Sofía', 'Sebastián', 'Isabella', 'Mateo', 'Mariana', 'Samuel', 'Gabriela', 'Alejandro',
  'Daniela', 'Nicolás', 'Camila', 'Juan David', 'María José', 'Andrés', 'Laura', 'Felipe', 'Natalia', 'Carlos',
  'Paula', 'Diego', 'Luisa Fernanda', 'Julián', 'Catalina', 'Esteban', 'Manuela', 'Tomás', 'Juliana', 'Miguel Ángel',
  'Sara', 'David', 'Ana María', 'Jorge', 'Carolina', 'Andrés Felipe', 'Lina', 'Óscar', 'Diana', 'Ricardo',
  'Paola', 'Fernando', 'Ángela', 'Camilo', 'Adriana', 'Hernán', 'Sandra', 'Mauricio', 'Claudia', 'Jhon',
  'Yuliana', 'Cristian', 'Marcela', 'Iván', 'Verónica', 'Luis Carlos', 'Ximena', 'Germán', 'Liliana', 'Alejandra',
] as const;

const APELLIDOS = [
  'Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez',
  'Díaz', 'Muñoz', 'Rojas', 'Moreno', 'Jiménez', 'Vargas', 'Castro', 'Gutiérrez', 'Ortiz', 'Álvarez',
  'Ruiz', 'Suárez', 'Romero', 'Herrera', 'Torres', 'Valencia', 'Quintero', 'Cárdenas', 'Restrepo', 'Osorio',
  'Arango', 'Salazar', 'Mejía', 'Zapata', 'Londoño', 'Giraldo', 'Ospina', 'Cardona', 'Montoya', 'Agudelo',
  'Betancur', 'Correa', 'Duque', 'Henao', 'Rincón', 'Parra', 'Acosta', 'Peña', 'Cifuentes', 'Bermúdez',
] as const;

const EMPRESAS_CLIENTES = [
  'Inversiones Andinas S.A.S.', 'Distribuidora El Dorado', 'Constructora Nogal', 'Café Altos del Quindío',
  'Textiles Antioquia', 'Logística Caribe', 'Agroindustrias del Valle', 'Ferretería La Esquina',
  'Comercializadora Santander', 'Laboratorios Vida Natural', 'Transportes del Sur', 'Grupo Empresarial Sabana',
  'Muebles y Diseño Bogotá', 'Panadería San Jorge', 'Soluciones TIC Colombia', 'Clínica Veterinaria Patitas',
  'Hotel Bahía Cartagena', 'Editorial Macondo', 'Consultores Asociados JR', 'Importadora Pacífico',
  'Droguería La Salud', 'Almacenes La 14 Express', 'Energía Solar del Caribe', 'Tecnoagro Boyacá',
] as const;

const CARGOS = [
  'Gerente General', 'Director Comercial', 'Jefe de Compras', 'Analista de Mercadeo', 'Analista Financiero',
  'Auxiliar Administrativo', 'Gerente de Operaciones', 'Jefe de TI', 'Ejecutivo de Cuenta',
  'Representante de Ventas', 'Contador', 'Jefe de Talento Humano', 'Propietario',
] as const;

const DOMINIOS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'gmail.com', 'hotmail.com'] as const;

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// ---------------------------------------------------------------------------------------------------
// Campaigns, call scripts and outcomes.

interface CampaignDef {
  nombre: string;
  /** Share of the clients and calls. */
  peso: number;
  /** The cap is chosen from the generated consumption so that the state is the one wanted. */
  estado: 'ok' | 'cerca' | 'excedido';
  agentId: string;
  agentPhoneNumberId: string | null;
  prompt: string | null;
}

const CAMPANAS: readonly CampaignDef[] = [
  {
    nombre: 'Afiliación Plan Salud Familiar',
    peso: 0.45,
    estado: 'ok',
    agentId: 'agent_01jw3k8q2m9d4t7v5x6y0z1a2b',
    agentPhoneNumberId: 'phnum_01jw3k9r7s5d2f8g4h6j0k1l2m',
    prompt:
      'Eres Laura, asesora virtual de Salud Vital. Presenta el Plan Salud Familiar (consultas, urgencias y ' +
      'odontología desde $89.000 al mes), resuelve dudas con amabilidad, ofrece enviar la información por correo ' +
      'o WhatsApp y agenda una nueva llamada si la persona no puede hablar. Habla en español de Colombia, de usted.',
  },
  {
    nombre: 'Cobranza Preventiva Cartera',
    peso: 0.3,
    estado: 'cerca',
    agentId: 'agent_01jw3m2n4p6q8r0s2t4u6v8w0x',
    agentPhoneNumberId: 'phnum_01jw3m5b7c9d1e3f5g7h9j1k3l',
    prompt:
      'Eres el asistente virtual de Financiera Progreso. Recuerda con cortesía la fecha de vencimiento de la ' +
      'cuota, informa los canales de pago (PSE, corresponsales, app) y, si la persona no puede pagar, ofrece un ' +
      'acuerdo de pago a dos cuotas. Nunca amenaces ni presiones.',
  },
  {
    nombre: 'Renovación Seguros Vehiculares',
    peso: 0.25,
    estado: 'excedido',
    agentId: 'agent_01jv8x2c4v6b8n0m2q4w6e8r0t',
    agentPhoneNumberId: null,
    prompt: null,
  },
];

type Turn = readonly ['agent' | 'user', string];

interface Script {
  campana: number;
  resultado: string;
  resumen: string;
  turnos: readonly Turn[];
}

const SCRIPTS: readonly Script[] = [
  {
    campana: 0,
    resultado: 'interesado',
    resumen: '{nombre} mostró interés en el Plan Salud Familiar y pidió recibir la información por correo.',
    turnos: [
      ['agent', 'Hola, ¿hablo con {nombre}? Le llamamos de Salud Vital para contarle sobre el Plan Salud Familiar.'],
      ['user', 'Sí, soy yo. ¿De qué se trata?'],
      ['agent', 'Es un plan que cubre consultas, urgencias y odontología para todo su grupo familiar desde $89.000 al mes.'],
      ['user', 'Suena interesante. ¿Puedo incluir a mis papás?'],
      ['agent', 'Sí, puede incluir hasta dos beneficiarios mayores de 60 años. ¿Le envío la información a su correo?'],
      ['user', 'Sí, por favor.'],
      ['agent', 'Perfecto, {nombre}. En unos minutos la recibe. ¡Que tenga un buen día!'],
    ],
  },
  {
    campana: 0,
    resultado: 'volver_a_llamar',
    resumen: '{nombre} no podía hablar; se agendó una nueva llamada para mañana después de las 3 p. m.',
    turnos: [
      ['agent', 'Buenas tardes, ¿hablo con {nombre}? Le llamamos de Salud Vital.'],
      ['user', 'Sí, pero ahora no puedo hablar, estoy en una reunión.'],
      ['agent', 'Entiendo. ¿Le parece si le llamamos mañana en la tarde?'],
      ['user', 'Sí, después de las tres.'],
      ['agent', 'Listo, quedó agendado. Muchas gracias.'],
    ],
  },
  {
    campana: 1,
    resultado: 'compromiso_de_pago',
    resumen: '{nombre} confirmó que pagará la cuota antes del vencimiento por PSE; se envió el enlace de pago.',
    turnos: [
      ['agent', 'Buenos días, {nombre}. Le habla el asistente virtual de Financiera Progreso.'],
      ['agent', 'Le recordamos que su cuota vence el próximo viernes.'],
      ['user', 'Sí, ya lo tenía presente. ¿Puedo pagar por PSE?'],
      ['agent', 'Claro, puede pagar por PSE, en corresponsales bancarios o en nuestra app.'],
      ['user', 'Perfecto, gracias.'],
      ['agent', 'Gracias a usted. Le enviaremos el enlace de pago por mensaje de texto.'],
    ],
  },
  {
    campana: 1,
    resultado: 'acuerdo_de_pago',
    resumen: '{nombre} no podrá pagar a tiempo; aceptó un acuerdo de pago a dos cuotas.',
    turnos: [
      ['agent', 'Buenos días, {nombre}. Le llamamos de Financiera Progreso por su cuota de este mes.'],
      ['user', 'Tuve un inconveniente y no voy a poder pagar a tiempo.'],
      ['agent', 'Lamento escuchar eso. Puedo ofrecerle un acuerdo de pago a dos cuotas. ¿Le interesa?'],
      ['user', 'Sí, eso me ayudaría mucho.'],
      ['agent', 'Listo, un asesor lo contactará hoy para formalizar el acuerdo.'],
    ],
  },
  {
    campana: 2,
    resultado: 'cotizacion_enviada',
    resumen: '{nombre} pidió la cotización de renovación con 12 % de descuento por WhatsApp.',
    turnos: [
      ['agent', 'Hola, {nombre}, le llamamos de Seguros Andinos. Su póliza de vehículo vence este mes.'],
      ['user', '¿Cuánto me sale la renovación?'],
      ['agent', 'Con su historial sin siniestros, la renovación tiene un 12 % de descuento.'],
      ['user', 'Me interesa, pero quiero comparar.'],
      ['agent', 'Con gusto. Le envío la cotización por WhatsApp para que la revise.'],
      ['user', 'Bueno, gracias.'],
    ],
  },
  {
    campana: 2,
    resultado: 'no_interesado',
    resumen: '{nombre} ya renovó con otra aseguradora; acepta ser contactado el próximo año.',
    turnos: [
      ['agent', 'Buenas tardes, {nombre}. Le habla el asistente de Seguros Andinos sobre la renovación de su póliza.'],
      ['user', 'Ya renové con otra aseguradora.'],
      ['agent', 'Entendido, gracias por avisarnos. ¿Podemos contactarle el próximo año?'],
      ['user', 'Sí, no hay problema.'],
    ],
  },
];

const FALLIDAS = [
  { resultado: 'no_contesta', resumen: 'La llamada no se completó: {nombre} no contestó.' },
  { resultado: 'numero_invalido', resumen: 'La llamada no se completó: el número está fuera de servicio.' },
  { resultado: 'buzon_de_voz', resumen: 'Se detectó buzón de voz; no se dejó mensaje.' },
] as const;

const STATUSES = ['done', 'failed', 'pending', 'in-progress', 'initiated'] as const;
const STATUS_WEIGHTS = [0.74, 0.12, 0.06, 0.04, 0.04];

// ---------------------------------------------------------------------------------------------------
// Bot companies, their conversations, client companies, plans, catalogue, projects.

type Canal = 'wordpress' | 'shopify' | 'duda' | 'whatsapp';

interface BotDef {
  canal: Canal;
  name: string;
  tabla: string;
  peso: number;
  webhook: boolean;
  empresa: number;
  conversaciones: readonly (readonly [string, string])[];
}

const BOTS: readonly BotDef[] = [
  {
    canal: 'wordpress', name: 'Clínica Dental Sonrisa', tabla: 'clinica_dental_sonrisa_registro_bot_wordpress',
    peso: 0.25, webhook: true, empresa: 0,
    conversaciones: [
      ['Hola, ¿cuánto cuesta una limpieza dental?', 'La profilaxis tiene un valor de $120.000 e incluye valoración. ¿Desea agendar una cita?'],
      ['¿Atienden los sábados?', 'Sí, los sábados atendemos de 8:00 a. m. a 1:00 p. m.'],
      ['Quiero agendar una cita para blanqueamiento', 'Con gusto. ¿Qué día le queda mejor esta semana?'],
      ['El jueves en la tarde', 'Tengo disponible el jueves a las 3:30 p. m. ¿Le reservo ese espacio?'],
      ['Sí, por favor', 'Listo, su cita quedó agendada. Le enviaremos un recordatorio un día antes.'],
      ['¿Tienen convenio con Sura?', 'Sí, tenemos convenio con Sura y Sanitas para consultas y urgencias.'],
      ['¿Dónde están ubicados?', 'Estamos en la Calle 93 # 14-20, consultorio 302, en Bogotá.'],
      ['¿Hacen ortodoncia invisible?', 'Sí, manejamos alineadores transparentes. La primera valoración es gratuita.'],
    ],
  },
  {
    canal: 'shopify', name: 'Tienda Aurora', tabla: 'tienda_aurora_registro_bot_shopify',
    peso: 0.2, webhook: true, empresa: 1,
    conversaciones: [
      ['¿Dónde va mi pedido #1045?', 'Su pedido salió hoy con Servientrega; la guía es 2043958871 y llega en 2 a 3 días hábiles.'],
      ['¿Tienen la chaqueta en talla M?', 'Sí, la chaqueta impermeable está disponible en talla M en color azul y negro.'],
      ['¿Hacen envíos a Pasto?', 'Sí, enviamos a todo el país. A Pasto el envío tarda de 3 a 5 días hábiles.'],
      ['¿Puedo pagar contra entrega?', 'Sí, el pago contra entrega está disponible para compras menores a $500.000.'],
      ['Quiero cambiar una talla', 'Claro. Tiene 30 días para cambios; le envío el formulario por correo.'],
      ['¿Tienen descuentos?', 'Esta semana tenemos 15 % de descuento en la colección de invierno con el código AURORA15.'],
    ],
  },
  {
    canal: 'duda', name: 'Inmobiliaria Horizonte', tabla: 'inmobiliaria_horizonte_registro_bot_duda',
    peso: 0.15, webhook: false, empresa: 2,
    conversaciones: [
      ['Busco apartamento en arriendo en Laureles', 'Tenemos 4 apartamentos en Laureles desde $1.800.000. ¿Cuántas habitaciones necesita?'],
      ['Dos habitaciones', 'Hay dos opciones de 2 habitaciones con parqueadero. ¿Desea agendar una visita?'],
      ['¿Qué documentos piden para arrendar?', 'Cédula, certificado laboral y dos codeudores o póliza de arrendamiento.'],
      ['¿Venden casas en Envigado?', 'Sí, tenemos casas en Envigado desde $650 millones. ¿Le envío el catálogo?'],
      ['Sí, mándemelo', 'Listo, le envié el catálogo a su correo. Un asesor le escribirá hoy.'],
    ],
  },
  {
    canal: 'whatsapp', name: 'Café Origen', tabla: 'cafe_origen_registro_whatsapp',
    peso: 0.4, webhook: true, empresa: 3,
    conversaciones: [
      ['Buenas, ¿tienen café de origen Huila?', '¡Hola! Sí, tenemos Huila lavado de 500 g a $38.000, en grano o molido.'],
      ['Quiero pedir dos bolsas molidas', 'Perfecto. ¿A qué dirección se lo enviamos?'],
      ['Carrera 43A # 5-15, Medellín', 'Gracias. El domicilio cuesta $6.000 y llega hoy antes de las 6 p. m.'],
      ['¿Puedo pagar por Nequi?', 'Claro, puede pagar por Nequi o Daviplata al 310 456 7890.'],
      ['¿Tienen horario los domingos?', 'Los domingos abrimos de 9:00 a. m. a 5:00 p. m.'],
      ['¿Hacen ventas al por mayor?', 'Sí, desde 10 kg tenemos precio mayorista. Le comparto la lista de precios.'],
      ['Gracias', '¡Con gusto! Que disfrute su café.'],
    ],
  },
];

interface EmpresaDef {
  nombre: string;
  descripcion: string;
  ruc: string;
  direccion: string;
  telefono: string;
  email: string;
  website: string;
  activo: boolean;
}

const EMPRESAS: readonly EmpresaDef[] = [
  {
    nombre: 'Clínica Dental Sonrisa', descripcion: 'Clínica odontológica con tres sedes en Bogotá.',
    ruc: '900.482.315-7', direccion: 'Calle 93 # 14-20, Bogotá', telefono: '+576013456789',
    email: 'contacto@clinicasonrisa.com.co', website: 'https://clinicasonrisa.com.co', activo: true,
  },
  {
    nombre: 'Tienda Aurora', descripcion: 'Tienda en línea de ropa outdoor con envíos a todo el país.',
    ruc: '901.237.884-1', direccion: 'Carrera 7 # 32-16, Bogotá', telefono: '+573157894561',
    email: 'hola@tiendaaurora.co', website: 'https://tiendaaurora.co', activo: true,
  },
  {
    nombre: 'Inmobiliaria Horizonte', descripcion: 'Arriendo y venta de inmuebles en el Valle de Aburrá.',
    ruc: '800.913.552-4', direccion: 'Circular 73 # 39-40, Medellín', telefono: '+576044448899',
    email: 'info@horizonteinmobiliaria.co', website: 'https://horizonteinmobiliaria.co', activo: true,
  },
  {
    nombre: 'Café Origen', descripcion: 'Tostadora de cafés especiales con venta por WhatsApp.',
    ruc: '901.556.021-9', direccion: 'Carrera 43A # 5-15, Medellín', telefono: '+573104567890',
    email: 'pedidos@cafeorigen.co', website: 'https://cafeorigen.co', activo: true,
  },
  {
    nombre: 'Seguros Andinos', descripcion: 'Agencia de seguros de vehículos, hogar y vida.',
    ruc: '860.002.184-6', direccion: 'Avenida El Dorado # 69-76, Bogotá', telefono: '+576017423300',
    email: 'servicio@segurosandinos.co', website: 'https://segurosandinos.co', activo: true,
  },
  {
    nombre: 'Transportes Cóndor', descripcion: 'Transporte de carga entre Bogotá, Cali y la costa.',
    ruc: '890.301.447-2', direccion: 'Calle 13 # 68-40, Bogotá', telefono: '+576014110022',
    email: 'operaciones@transportescondor.co', website: 'https://transportescondor.co', activo: false,
  },
];

const PLANES = [
  { title: 'Plan Básico', description: 'Un bot de chat con hasta 1.000 conversaciones al mes y soporte por correo.', cost: 49.9 },
  { title: 'Plan Profesional', description: 'Hasta tres canales (web, WhatsApp, Shopify), 5.000 conversaciones y reportes mensuales.', cost: 129 },
  { title: 'Plan Empresarial', description: 'Canales ilimitados, campañas de llamadas con IA, métricas avanzadas y soporte prioritario.', cost: 349 },
] as const;

const CATALOGO = [
  {
    nombre: 'Bot WordPress', tipo: 'bot_wordpress', icono: 'wordpress', categoria: 'E-commerce', permite_multiple: false,
    descripcion: 'Chatbot con IA para sitios WordPress, conectado a un flujo de n8n y a su tabla de mensajes.',
    configuracion_default: {
      webhook_n8n: '', table_supabase: '', status: true, welcome_message: '¡Hola! ¿En qué podemos ayudarte?',
      max_conversations: 100, language: 'es', response_timeout: 30,
    },
  },
  {
    nombre: 'Bot Shopify', tipo: 'bot_shopify', icono: 'shopping_cart', categoria: 'E-commerce', permite_multiple: false,
    descripcion: 'Asistente de ventas y seguimiento de pedidos para tiendas Shopify.',
    configuracion_default: { webhook_n8n: '', table_supabase: '', status: true, domain: '', currency: 'USD', timezone: 'UTC' },
  },
  {
    nombre: 'Bot Duda', tipo: 'bot_duda', icono: 'chat_bubble', categoria: 'Atención al Cliente', permite_multiple: false,
    descripcion: 'Chatbot de atención al cliente para sitios creados con Duda.',
    configuracion_default: {
      webhook_n8n: '', table_supabase: '', status: true, welcome_message: '¡Hola! ¿Cómo podemos ayudarte hoy?',
      max_conversations: 100, language: 'es', response_timeout: 30,
    },
  },
  {
    nombre: 'Llamadas IA', tipo: 'llamadas', icono: 'phone', categoria: 'Comunicación', permite_multiple: true,
    descripcion: 'Campañas de llamadas salientes con agentes de voz de IA y tope de minutos.',
    configuracion_default: {
      minutos_disponibles: 0, campana_id: null, max_concurrent_calls: 5, recording_enabled: false,
      call_forwarding: false, voicemail_enabled: true,
    },
  },
  {
    nombre: 'Bot WhatsApp', tipo: 'whatsapp', icono: 'whatsapp', categoria: 'Comunicación', permite_multiple: false,
    descripcion: 'Bot de WhatsApp con respuestas de IA y registro de conversaciones.',
    configuracion_default: {
      webhook_n8n: '', table_supabase: '', status: true, numero_telefono: '', business_name: '', message_template: '',
    },
  },
] as const;

const CATEGORIA_DE: Record<string, string> = {
  bot_wordpress: 'E-commerce', bot_shopify: 'E-commerce', bot_duda: 'Atención al Cliente', llamadas: 'Comunicación', whatsapp: 'Comunicación',
};

interface ServicioDef {
  tipo: 'bot_wordpress' | 'bot_shopify' | 'bot_duda' | 'whatsapp' | 'llamadas';
  nombre: string;
  estado: 'activo' | 'inactivo' | 'en_proceso' | 'completado' | 'mantenimiento' | 'error';
  /** Index into BOTS, or into CAMPANAS for 'llamadas'. */
  ref: number;
  diasDespues: number;
}

interface ProyectoDef {
  nombre: string;
  descripcion: string;
  plan: number;
  empresa: number;
  diasAtras: number;
  duracionDias: number | null;
  historia: readonly (readonly [ProyectoEstado, number])[];
  servicios: readonly ServicioDef[];
}

type ProyectoEstado = 'activo' | 'inactivo' | 'en_proceso' | 'completado' | 'cancelado' | 'pausado';

const PROYECTOS: readonly ProyectoDef[] = [
  {
    nombre: 'Chatbot web Clínica Dental Sonrisa', descripcion: 'Asistente de citas y preguntas frecuentes en el sitio WordPress.',
    plan: 1, empresa: 0, diasAtras: 160, duracionDias: 365,
    historia: [['en_proceso', 0], ['activo', 21]],
    servicios: [{ tipo: 'bot_wordpress', nombre: 'Chatbot web Clínica Dental Sonrisa - Bot WordPress', estado: 'activo', ref: 0, diasDespues: 2 }],
  },
  {
    nombre: 'Tienda en línea Aurora', descripcion: 'Bot de ventas en Shopify y seguimiento de pedidos.',
    plan: 2, empresa: 1, diasAtras: 130, duracionDias: 90,
    historia: [['en_proceso', 0], ['activo', 18], ['completado', 95]],
    servicios: [{ tipo: 'bot_shopify', nombre: 'Tienda en línea Aurora - Bot Shopify', estado: 'completado', ref: 1, diasDespues: 3 }],
  },
  {
    nombre: 'Atención inmobiliaria Horizonte', descripcion: 'Bot Duda para el sitio web y canal de WhatsApp para visitas.',
    plan: 1, empresa: 2, diasAtras: 48, duracionDias: 120,
    historia: [['en_proceso', 0]],
    servicios: [
      { tipo: 'bot_duda', nombre: 'Atención inmobiliaria Horizonte - Bot Duda', estado: 'en_proceso', ref: 2, diasDespues: 1 },
      { tipo: 'whatsapp', nombre: 'Atención inmobiliaria Horizonte - WhatsApp', estado: 'error', ref: 3, diasDespues: 5 },
    ],
  },
  {
    nombre: 'Pedidos por WhatsApp Café Origen', descripcion: 'Toma de pedidos por WhatsApp y campaña de afiliación por voz.',
    plan: 2, empresa: 3, diasAtras: 95, duracionDias: null,
    historia: [['en_proceso', 0], ['activo', 12]],
    servicios: [
      { tipo: 'whatsapp', nombre: 'Pedidos por WhatsApp Café Origen - WhatsApp', estado: 'activo', ref: 3, diasDespues: 1 },
      { tipo: 'llamadas', nombre: 'Afiliación Plan Salud Familiar', estado: 'activo', ref: 0, diasDespues: 30 },
    ],
  },
  {
    nombre: 'Cobranza y renovaciones Seguros Andinos', descripcion: 'Campañas de voz de cobranza preventiva y renovación de pólizas.',
    plan: 2, empresa: 4, diasAtras: 70, duracionDias: 180,
    historia: [['activo', 0], ['pausado', 40]],
    servicios: [
      { tipo: 'llamadas', nombre: 'Cobranza Preventiva Cartera', estado: 'mantenimiento', ref: 1, diasDespues: 2 },
    ],
  },
  {
    nombre: 'Portal de clientes Transportes Cóndor', descripcion: 'Propuesta de bot para consulta de envíos; pendiente de arranque.',
    plan: 0, empresa: 5, diasAtras: 12, duracionDias: 60,
    historia: [['inactivo', 0]],
    servicios: [],
  },
];

// ---------------------------------------------------------------------------------------------------

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of the current day in Bogotá, as a UTC instant. */
function bogotaMidnight(nowMs: number): number {
  return Math.floor((nowMs - BOGOTA_OFFSET) / DAY) * DAY + BOGOTA_OFFSET;
}

async function insertBatches(
  total: number,
  run: (from: number, to: number) => Promise<void>,
  size = BATCH,
): Promise<void> {
  for (let from = 0; from < total; from += size) await run(from, Math.min(total, from + size));
}

/** The cap (minutes) that puts the consumption in the wanted state. */
function capFor(consumidos: number, estado: CampaignDef['estado']): number {
  if (consumidos <= 0) return estado === 'ok' ? 500 : 100;
  switch (estado) {
    case 'ok':
      return Math.max(100, Math.ceil(consumidos / 0.55 / 100) * 100);
    case 'cerca': {
      let cap = Math.ceil(consumidos / 0.88 / 10) * 10;
      if (consumidos >= cap || consumidos < 0.8 * cap) cap = Math.ceil(consumidos / 0.88);
      if (consumidos >= cap) cap = consumidos + 1;
      return cap;
    }
    case 'excedido': {
      const cap = Math.floor((consumidos * 0.92) / 10) * 10;
      return cap > 0 ? cap : Math.max(1, consumidos);
    }
  }
}

/**
 * A demo company's portal password: 24 characters from 18 random bytes of node:crypto. The seeded PRNG still
 * draws the 8 characters it used to, so every other demo value stays what it was.
 */
function portalPassword(rng: Rng): string {
  rng.password(8);
  return randomBytes(18).toString('base64url');
}

/**
 * Fills an empty database with the demo data. Runs as the database owner (policies do not apply to it);
 * does nothing and answers { skipped: true } when campaigns already exist.
 */
export async function seedDemoData(client: SqlClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const nowMs = (options.now ?? new Date()).getTime();
  const scale = {
    clientes: Math.max(3, Math.floor(options.scale?.clientes ?? DEFAULT_SCALE.clientes)),
    llamadas: Math.max(0, Math.floor(options.scale?.llamadas ?? DEFAULT_SCALE.llamadas)),
    mensajes: Math.max(0, Math.floor(options.scale?.mensajes ?? DEFAULT_SCALE.mensajes)),
  };
  const audio = await loadAudio(options.audioDir === undefined ? findDemoAudioDir() : options.audioDir);
  const rng = new Rng(20_261_121);
  const today = bogotaMidnight(nowMs);

  return client.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(774201122)');
    const existing = await tx.query<{ hay: boolean }>('select exists (select 1 from public.campanas) as hay');
    if (existing.rows[0]?.hay) {
      return { skipped: true, counts: {}, messageTables: [], durationMs: Date.now() - started };
    }

    // Bulk load: as superuser, skip the per-row trigger work (foreign-key checks; every reference below is
    // built from rows inserted in this transaction) and build the secondary indexes of the two big tables
    // once at the end instead of row by row. Both are undone/rebuilt before the transaction commits.
    const superuser = await tx.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user');
    if (superuser.rows[0]?.su) await tx.query('set local session_replication_role = replica');
    const secundarios = await tx.query<{ nombre: string; def: string }>(
      `select i.indexrelid::regclass::text as nombre, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
        where i.indrelid in ('public.clientes'::regclass, 'public.registro_escrito_llamada'::regclass)
          and not i.indisprimary and not i.indisunique
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        order by 1`,
    );
    for (const ix of secundarios.rows) await tx.query(`drop index ${ix.nombre}`);

    // ---------------------------------------------------------------- clients (generated first: calls use them)
    const nClientes = scale.clientes;
    const cli = {
      nombre: new Array<string>(nClientes),
      nombreIdx: new Array<number>(nClientes),
      apellido: new Array<string>(nClientes),
      email: new Array<string>(nClientes),
      telefono: new Array<string>(nClientes),
      empresa: new Array<string>(nClientes),
      cargo: new Array<string>(nClientes),
      campana: new Array<number>(nClientes),
      creado: new Array<number>(nClientes),
    };
    const porCampana: number[][] = CAMPANAS.map(() => []);
    const pesos = CAMPANAS.map((c) => c.peso);
    for (let i = 0; i < nClientes; i += 1) {
      const nombreIdx = rng.int(0, NOMBRES.length - 1);
      const nombre = NOMBRES[nombreIdx]!;
      const apellido = `${rng.pick(APELLIDOS)} ${rng.pick(APELLIDOS)}`;
      const empresa = rng.chance(0.85) ? rng.pick(EMPRESAS_CLIENTES) : '';
      const primerApellido = apellido.split(' ')[0]!;
      const dominio = empresa && rng.chance(0.4) ? `${slug(empresa).replace(/_/g, '')}.com.co` : rng.pick(DOMINIOS);
      // Unique phone: the 7-digit part is a permutation of the index (7919 is prime to 9 000 000).
      const local = 1_000_000 + ((i * 7919) % 9_000_000);
      const campana = i < CAMPANAS.length ? i : rng.weighted(pesos);
      cli.nombre[i] = nombre;
      cli.nombreIdx[i] = nombreIdx;
      cli.apellido[i] = apellido;
      cli.email[i] = `${slug(nombre).replace(/_/g, '')}.${slug(primerApellido)}${i % 97 === 0 ? '' : rng.int(1, 99)}@${dominio}`;
      cli.telefono[i] = `+573${String(rng.int(0, 24)).padStart(2, '0')}${local}`;
      cli.empresa[i] = empresa;
      cli.cargo[i] = empresa && rng.chance(0.8) ? rng.pick(CARGOS) : '';
      cli.campana[i] = campana;
      cli.creado[i] = nowMs - rng.int(61, 120) * DAY - rng.int(0, 12 * 60) * MINUTE;
      porCampana[campana]!.push(i);
    }

    // ---------------------------------------------------------------- calls
    const nLlamadas = scale.llamadas;
    type Call = { ms: number; cliente: number; campana: number; status: number; script: number; resumen: number; dur: number; costo: number };
    const calls: Call[] = new Array<Call>(nLlamadas);
    const forzadas = Math.min(6, Math.floor(nLlamadas / 50) + (nLlamadas > 0 ? 1 : 0));
    for (let i = 0; i < nLlamadas; i += 1) {
      const campana = rng.weighted(pesos);
      const propios = porCampana[campana]!;
      // Roughly 15 % of each campaign's clients get no call (badge 'Sin llamadas').
      const alcance = Math.max(1, Math.floor(propios.length * 0.85));
      const cliente = propios[rng.int(0, alcance - 1)]!;
      let ms: number;
      let status: number;
      if (i < forzadas) {
        // A few failures in the last 24 hours, so the notification shows.
        ms = nowMs - rng.int(10, 20 * 60) * MINUTE;
        status = 1;
      } else {
        const dia = Math.min(59, Math.floor(Math.pow(rng.float(), 1.3) * 60));
        ms = today - dia * DAY + (8 * 60 + rng.int(0, 11 * 60)) * MINUTE + rng.int(0, 59) * 1000;
        if (ms >= nowMs) ms = nowMs - rng.int(1, 6 * 60) * MINUTE;
        status = rng.weighted(STATUS_WEIGHTS);
      }
      let script = 0;
      let resumen = 0;
      let dur = -1;
      let costo = -1;
      if (status === 0) {
        const opciones = SCRIPTS.map((s, k) => (s.campana === campana ? k : -1)).filter((k) => k >= 0);
        const k = rng.pick(opciones);
        script = k + 1;
        resumen = k + 1;
        dur = rng.int(45, 330);
        costo = Math.round(((dur / 60) * 0.11 + 0.02) * 10_000) / 10_000;
      } else if (status === 1) {
        const f = rng.int(0, FALLIDAS.length - 1);
        resumen = SCRIPTS.length + f + 1;
        dur = rng.int(0, 20);
        costo = dur > 0 ? 0.01 : 0;
      } else if (status === 3) {
        dur = rng.int(5, 90);
      }
      calls[i] = { ms, cliente, campana, status, script, resumen, dur, costo };
    }
    calls.sort((a, b) => a.ms - b.ms);

    // Caps from the consumption, so each campaign lands in the state it is meant to show.
    const segundos = CAMPANAS.map(() => 0);
    for (const c of calls) if (c.dur > 0) segundos[c.campana]! += c.dur;
    const caps = CAMPANAS.map((def, k) => capFor(Math.round(segundos[k]! / 60), def.estado));

    // ---------------------------------------------------------------- campaigns
    const campRows = await tx.query<{ id: number | string; nombre: string }>(
      `insert into public.campanas (nombre, minutos, created_at)
       select n, m, to_timestamp(t / 1000.0)
         from unnest($1::text[], $2::int[], $3::float8[]) with ordinality as x(n, m, t, o)
        order by o
       returning id, nombre`,
      [CAMPANAS.map((c) => c.nombre), caps, CAMPANAS.map((_, k) => nowMs - (125 - k * 5) * DAY)],
    );
    const idPorNombre = new Map(campRows.rows.map((r) => [r.nombre, Number(r.id)]));
    const campanaIds = CAMPANAS.map((c) => idPorNombre.get(c.nombre)!);

    await tx.query(
      `insert into public.configuracion_campana (campana_id, agentid, agentphonenumberid, prompt, created_at, updated_at)
       select c, a, p, pr, to_timestamp(t / 1000.0), to_timestamp(t / 1000.0)
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::float8[]) as x(c, a, p, pr, t)`,
      [
        campanaIds.filter((_, k) => CAMPANAS[k]!.agentPhoneNumberId),
        CAMPANAS.filter((c) => c.agentPhoneNumberId).map((c) => c.agentId),
        CAMPANAS.filter((c) => c.agentPhoneNumberId).map((c) => c.agentPhoneNumberId ?? ''),
        CAMPANAS.filter((c) => c.agentPhoneNumberId).map((c) => c.prompt ?? ''),
        CAMPANAS.filter((c) => c.agentPhoneNumberId).map((_, k) => nowMs - (120 - k * 5) * DAY),
      ],
    );

    // ---------------------------------------------------------------- clients
    await insertBatches(nClientes, async (from, to) => {
      await tx.query(
        `insert into public.clientes (nombre, apellido, email, telefono, empresa, cargo, campana_id, created_at)
         select n, a, e, t, nullif(em, ''), nullif(ca, ''), ($7::bigint[])[k + 1], to_timestamp(c / 1000.0)
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $8::int[], $9::float8[])
                with ordinality as x(n, a, e, t, em, ca, k, c, o)
          order by o`,
        [
          cli.nombre.slice(from, to), cli.apellido.slice(from, to), cli.email.slice(from, to), cli.telefono.slice(from, to),
          cli.empresa.slice(from, to), cli.cargo.slice(from, to), campanaIds, cli.campana.slice(from, to), cli.creado.slice(from, to),
        ],
      );
    });

    // ---------------------------------------------------------------- calls
    // Every (script, first name) transcript is rendered once; rows reference it by number.
    const transcripts = SCRIPTS.flatMap((s) =>
      NOMBRES.map((nombre) => JSON.stringify(s.turnos.map(([role, message]) => ({ role, message: message.replaceAll('{nombre}', nombre) })))),
    );
    const resumenes = [...SCRIPTS.map((s) => s.resumen), ...FALLIDAS.map((f) => f.resumen)];
    const resultados = [...SCRIPTS.map((s) => s.resultado), ...FALLIDAS.map((f) => f.resultado)];
    await insertBatches(nLlamadas, async (from, to) => {
      const part = calls.slice(from, to);
      await tx.query(
        `with tr as (select o::int as k, t::jsonb as j from unnest($7::text[]) with ordinality as u(t, o))
         insert into public.registro_escrito_llamada
           (created_at, agent_id, phone, campana, conversation_id, status, resultado, summary, costo, duration_call_seg, transcript)
         select to_timestamp(x.ms / 1000.0),
                ($1::text[])[x.k + 1],
                x.phone,
                ($2::bigint[])[x.k + 1],
                'conv_' || substr(md5('consola-demo:' || (x.o + $3::int)), 1, 24),
                ($4::text[])[x.st + 1],
                ($5::text[])[nullif(x.re, 0)],
                replace(($6::text[])[nullif(x.re, 0)], '{nombre}', x.nombre),
                case when x.costo >= 0 then round(x.costo::numeric, 4) end,
                case when x.dur >= 0 then x.dur end,
                case
                  when x.sc > 0 then tr.j
                  when x.st = 1 then '[]'::jsonb
                end
           from unnest($8::float8[], $9::int[], $10::text[], $11::text[], $12::int[], $13::int[], $14::int[], $15::int[], $16::float8[])
                with ordinality as x(ms, k, phone, nombre, st, sc, re, dur, costo, o)
           left join tr on tr.k = x.sc
          order by x.o`,
        [
          CAMPANAS.map((c) => c.agentId), campanaIds, from, [...STATUSES], resultados, resumenes, transcripts,
          part.map((c) => c.ms), part.map((c) => c.campana), part.map((c) => cli.telefono[c.cliente]!),
          part.map((c) => cli.nombre[c.cliente]!), part.map((c) => c.status), part.map((c) => (c.script > 0 ? (c.script - 1) * NOMBRES.length + cli.nombreIdx[c.cliente]! + 1 : 0)),
          part.map((c) => c.resumen), part.map((c) => c.dur), part.map((c) => c.costo),
        ],
      );
    });

    // A handful of recent answered calls get a real recording.
    if (audio.length > 0) {
      const recientes = await tx.query<{ conversation_id: string; created_at: unknown }>(
        `select conversation_id, created_at from public.registro_escrito_llamada
          where status = 'done' order by created_at desc limit 8`,
      );
      const ids = recientes.rows.map((r) => r.conversation_id);
      await tx.query(
        `insert into public.registro_audio_llamadas (conversation_id, audio, created_at)
         select c, a, l.created_at
           from unnest($1::text[], $2::text[]) as x(c, a)
           join public.registro_escrito_llamada l on l.conversation_id = x.c`,
        [ids, ids.map((_, k) => audio[k % audio.length]!)],
      );
    }

    // End of the bulk part: indexes built once, statistics fresh, triggers back on.
    for (const ix of secundarios.rows) await tx.query(ix.def);
    await tx.query('analyze public.clientes');
    await tx.query('analyze public.registro_escrito_llamada');
    if (superuser.rows[0]?.su) await tx.query('set local session_replication_role = origin');

    // ---------------------------------------------------------------- client companies, plans, catalogue
    const empresaIds = EMPRESAS.map(() => rng.uuid());
    await tx.query(
      `insert into public.empresas
         (id, nombre, descripcion, ruc, direccion, telefono, email, website, activo, usuario_cliente, contrasena_cliente, created_at)
       -- Portal passwords are only ever stored as bcrypt hashes (operators generate a new one to hand out).
       select x.id, x.nombre, x.descripcion, x.ruc, x.direccion, x.telefono, x.email, x.website, x.activo, x.usuario_cliente,
              crypt(x.contrasena_cliente, gen_salt('bf', 10)), x.created_at
         from jsonb_to_recordset($1::jsonb) as x(
         id uuid, nombre text, descripcion text, ruc text, direccion text, telefono text, email text, website text,
         activo boolean, usuario_cliente text, contrasena_cliente text, created_at timestamptz)`,
      [JSON.stringify(EMPRESAS.map((e, k) => ({
        ...e,
        id: empresaIds[k],
        usuario_cliente: `usuario_${e.nombre.toLowerCase().replace(/\s+/g, '_')}`,
        contrasena_cliente: portalPassword(rng),
        created_at: new Date(nowMs - (170 - k * 20) * DAY).toISOString(),
      })))],
    );

    const planIds = PLANES.map(() => rng.uuid());
    await tx.query(
      `insert into public.planes (id, title, description, cost, created_at)
       select * from jsonb_to_recordset($1::jsonb) as x(id uuid, title text, description text, cost numeric, created_at timestamptz)`,
      [JSON.stringify(PLANES.map((p, k) => ({ ...p, id: planIds[k], created_at: new Date(nowMs - 200 * DAY + k * HOUR).toISOString() })))],
    );

    await tx.query(
      `insert into public.servicios_disponibles
         (nombre, descripcion, tipo, icono, permite_multiple, activo, categoria, configuracion_default, created_at)
       select nombre, descripcion, tipo, icono, permite_multiple, true, categoria, configuracion_default, $2::timestamptz
         from jsonb_to_recordset($1::jsonb) as x(
           nombre text, descripcion text, tipo text, icono text, permite_multiple boolean, categoria text, configuracion_default jsonb)
       on conflict (tipo) do nothing`,
      [JSON.stringify(CATALOGO), new Date(nowMs - 200 * DAY).toISOString()],
    );

    // ---------------------------------------------------------------- bot companies and their message tables
    const botUuids = BOTS.map(() => rng.uuid());
    const webhookDe = (k: number) => (BOTS[k]!.webhook ? `https://n8n.agencia-demo.co/webhook/${botUuids[k]}` : null);
    const botCreado = (k: number) => new Date(nowMs - (150 - k * 25) * DAY).toISOString();
    for (const [k, bot] of BOTS.entries()) {
      const common = [bot.name, bot.tabla, webhookDe(k), empresaIds[bot.empresa], botCreado(k)];
      if (bot.canal === 'whatsapp') {
        await tx.query(
          `insert into public.empresas_whatsapp (uuid, name, table_supabase, webhook_n8n, empresa_id, created_at, numero_telefono)
           values ($6, $1, $2, $3, $4, $5, $7)`,
          [...common, botUuids[k], EMPRESAS[bot.empresa]!.telefono],
        );
      } else if (bot.canal === 'shopify') {
        await tx.query(
          `insert into public.empresas_shopify_bots (uuid, name, table_supabase, webhook_n8n, empresa_id, created_at, shop_domain)
           values ($6, $1, $2, $3, $4, $5, $7)`,
          [...common, botUuids[k], 'tienda-aurora.myshopify.com'],
        );
      } else {
        const tabla = bot.canal === 'wordpress' ? 'empresas_wordpress_bots' : 'empresas_bot_duda';
        await tx.query(
          `insert into public.${tabla} (uuid, name, table_supabase, webhook_n8n, empresa_id, created_at)
           values ($6, $1, $2, $3, $4, $5)`,
          [...common, botUuids[k]],
        );
      }
      await tx.query('select public.create_message_table($1)', [bot.tabla]);
    }
    const wordpress = BOTS.findIndex((b) => b.canal === 'wordpress');
    await tx.query(
      'insert into public.planes_empresas_wordpress (plan_id, empresa_wordpress_uuid) values ($1, $2)',
      [planIds[1], botUuids[wordpress]],
    );

    // Conversations: sessions of 3–20 messages alternating human / ai over the last 30 days.
    const messageTables = BOTS.map((b) => b.tabla);
    let mensajesTotal = 0;
    const pesosBots = BOTS.map((b) => b.peso);
    const objetivo = BOTS.map((_, k) => Math.round(scale.mensajes * pesosBots[k]!));
    for (const [k, bot] of BOTS.entries()) {
      const sesiones: string[] = [];
      const mensajes: string[] = [];
      const fechas: number[] = [];
      let sesion = 0;
      while (mensajes.length < objetivo[k]!) {
        const quedan = objetivo[k]! - mensajes.length;
        let largo = Math.min(rng.int(3, 20), quedan);
        if (quedan - largo < 3 && quedan <= 20) largo = quedan; // no 1–2 message leftover session
        const id = bot.canal === 'whatsapp' ? `573${rng.int(0, 24).toString().padStart(2, '0')}${rng.int(1_000_000, 9_999_999)}` : `sess_${rng.hex(20)}`;
        // About one session in six is from today; the rest spread over the last 30 days.
        const hoy = sesion % 6 === 0;
        const fin = hoy
          ? nowMs - rng.float() * Math.min(Math.max(nowMs - today, 20 * MINUTE), 6 * HOUR)
          : nowMs - (1 + rng.float() * 29) * DAY;
        const paso = rng.int(15, 90) * 1000;
        const planos = rng.chance(0.12);
        for (let m = 0; m < largo; m += 1) {
          const [pregunta, respuesta] = bot.conversaciones[(Math.floor(m / 2) + sesion) % bot.conversaciones.length]!;
          const humano = m % 2 === 0;
          const texto = humano ? pregunta : respuesta;
          sesiones.push(id);
          mensajes.push(JSON.stringify(planos ? texto : { type: humano ? 'human' : 'ai', content: texto }));
          fechas.push(Math.min(nowMs, fin - (largo - 1 - m) * paso));
        }
        sesion += 1;
      }
      await insertBatches(mensajes.length, async (from, to) => {
        await tx.query(
          `insert into public.${bot.tabla} (session_id, message, created_at)
           select s, m::jsonb, to_timestamp(t / 1000.0) at time zone 'UTC'
             from unnest($1::text[], $2::text[], $3::float8[]) with ordinality as x(s, m, t, o)
            order by t, o`,
          [sesiones.slice(from, to), mensajes.slice(from, to), fechas.slice(from, to)],
        );
      });
      mensajesTotal += mensajes.length;
    }

    // ---------------------------------------------------------------- projects and service instances
    const proyectoIds = PROYECTOS.map(() => rng.uuid());
    const instancias: Record<string, unknown>[] = [];
    const historia: Record<string, unknown>[] = [];
    const proyectos = PROYECTOS.map((p, k) => {
      const creado = nowMs - p.diasAtras * DAY - rng.int(0, 8 * 60) * MINUTE;
      const estado = p.historia[p.historia.length - 1]![0];
      const propias = p.servicios.map((s) => {
        const creadoS = creado + s.diasDespues * DAY;
        const id = `${s.tipo}_${creadoS}_${rng.hex(6)}`;
        let configuracion: Record<string, unknown>;
        if (s.tipo === 'llamadas') {
          configuracion = { campana_id: campanaIds[s.ref], campana_nombre: CAMPANAS[s.ref]!.nombre, minutos_tope: caps[s.ref] };
        } else {
          const bot = BOTS[s.ref]!;
          configuracion = {
            empresa_uuid: botUuids[s.ref], table_supabase: bot.tabla, webhook_n8n: webhookDe(s.ref), status: true,
            tabla_independiente: true,
          };
          if (s.tipo === 'whatsapp') {
            configuracion.empresa_whatsapp_id = botUuids[s.ref];
            if (k !== PROYECTOS.findIndex((q) => q.servicios.some((x) => x.tipo === 'whatsapp'))) {
              configuracion.reutiliza_empresa_existente = true;
              configuracion.comparte_tabla_con = bot.tabla;
              configuracion.tabla_independiente = false;
            }
          }
        }
        const fila = {
          id, proyecto_id: proyectoIds[k], empresa_id: empresaIds[p.empresa], tipo_servicio: s.tipo,
          nombre_instancia: s.nombre, estado: s.estado, categoria: CATEGORIA_DE[s.tipo] ?? 'Otros', configuracion,
          created_at: new Date(creadoS).toISOString(),
        };
        instancias.push(fila);
        historia.push({ entidad_tipo: 'servicio', entidad_id: id, estado_anterior: null, estado_nuevo: s.estado, created_at: fila.created_at });
        return fila;
      });
      let anterior: string | null = null;
      for (const [estadoH, dias] of p.historia) {
        historia.push({
          entidad_tipo: 'proyecto', entidad_id: proyectoIds[k], estado_anterior: anterior, estado_nuevo: estadoH,
          created_at: new Date(creado + dias * DAY).toISOString(),
        });
        anterior = estadoH;
      }
      return {
        id: proyectoIds[k], nombre: p.nombre, descripcion: p.descripcion, plan_id: planIds[p.plan], empresa_id: empresaIds[p.empresa],
        servicios_instancias: JSON.stringify(propias.map(({ proyecto_id: _p, empresa_id: _e, ...rest }) => rest)),
        estado, fecha_inicio: isoDate(creado), fecha_fin: p.duracionDias === null ? null : isoDate(creado + p.duracionDias * DAY),
        created_at: new Date(creado).toISOString(),
        updated_at: new Date(creado + (p.historia[p.historia.length - 1]![1]) * DAY).toISOString(),
      };
    });
    await tx.query(
      `insert into public.proyectos
         (id, nombre, descripcion, plan_id, empresa_id, servicios_instancias, estado, fecha_inicio, fecha_fin, created_at, updated_at)
       select * from jsonb_to_recordset($1::jsonb) as x(
         id uuid, nombre text, descripcion text, plan_id uuid, empresa_id uuid, servicios_instancias text, estado text,
         fecha_inicio date, fecha_fin date, created_at timestamptz, updated_at timestamptz)`,
      [JSON.stringify(proyectos)],
    );
    await tx.query(
      `insert into public.servicios_instancias
         (id, proyecto_id, empresa_id, tipo_servicio, nombre_instancia, estado, categoria, configuracion, created_at, updated_at)
       select id, proyecto_id, empresa_id, tipo_servicio, nombre_instancia, estado, categoria, configuracion, created_at, created_at
         from jsonb_to_recordset($1::jsonb) as x(
           id text, proyecto_id uuid, empresa_id uuid, tipo_servicio text, nombre_instancia text, estado text,
           categoria text, configuracion jsonb, created_at timestamptz)`,
      [JSON.stringify(instancias)],
    );
    // The triggers stamped "now"; the demo history is the dated one below.
    await tx.query(
      `delete from public.historial_estados
        where (entidad_tipo = 'proyecto' and entidad_id = any($1::text[]))
           or (entidad_tipo = 'servicio' and entidad_id = any($2::text[]))`,
      [proyectoIds, instancias.map((s) => s.id as string)],
    );
    await tx.query(
      `insert into public.historial_estados (entidad_tipo, entidad_id, estado_anterior, estado_nuevo, usuario_id, created_at)
       select entidad_tipo, entidad_id, estado_anterior, estado_nuevo, null, created_at
         from jsonb_to_recordset($1::jsonb) as x(
           entidad_tipo text, entidad_id text, estado_anterior text, estado_nuevo text, created_at timestamptz)`,
      [JSON.stringify(historia)],
    );

    // Weekly metrics for the last 12 weeks of every project that has services.
    const metricas: Record<string, unknown>[] = [];
    for (const [k, p] of PROYECTOS.entries()) {
      if (p.servicios.length === 0) continue;
      const creado = nowMs - p.diasAtras * DAY;
      for (let w = 11; w >= 0; w -= 1) {
        const fecha = today - w * 7 * DAY;
        if (fecha < creado) continue;
        const base = 40 + k * 25;
        metricas.push({
          proyecto_id: proyectoIds[k],
          fecha: isoDate(fecha),
          metricas: {
            conversaciones: base + rng.int(0, 60),
            mensajes: (base + rng.int(0, 60)) * rng.int(4, 9),
            llamadas: p.servicios.some((s) => s.tipo === 'llamadas') ? rng.int(80, 260) : 0,
            leads: rng.int(3, 30),
            satisfaccion: Math.round((3.8 + rng.float() * 1.1) * 10) / 10,
            tiempo_respuesta_seg: rng.int(2, 9),
          },
        });
      }
    }
    await tx.query(
      `insert into public.metricas_proyectos (proyecto_id, fecha, metricas)
       select proyecto_id, fecha, metricas from jsonb_to_recordset($1::jsonb) as x(proyecto_id uuid, fecha date, metricas jsonb)
       on conflict (proyecto_id, fecha) do nothing`,
      [JSON.stringify(metricas)],
    );

    // ---------------------------------------------------------------- marketing agent
    const propuesta = {
      propuesta_estructura_sitio_web: {
        nombre_sitio: 'Clínica Dental Sonrisa',
        mensaje_inicial: 'Sonrisas sanas para toda la familia, con especialistas y tecnología de punta.',
        paginas: [
          {
            pagina: 'Inicio',
            componentes: [
              { seccion: 'Hero', contenido: 'Agenda tu valoración gratuita en nuestras sedes de Bogotá.' },
              { seccion: 'Beneficios', contenido: ['Especialistas certificados', 'Convenios con EPS', 'Financiación sin intereses'] },
            ],
          },
          {
            pagina: 'Servicios',
            componentes: [{
              seccion: 'Tratamientos',
              servicios: [
                { nombre: 'Ortodoncia invisible', descripcion: 'Alineadores transparentes con seguimiento mensual.' },
                { nombre: 'Blanqueamiento', descripcion: 'Blanqueamiento LED en una sola sesión.' },
                { nombre: 'Mantenimiento preventivo', descripcion: 'Limpieza y control cada seis meses.' },
              ],
            }],
          },
          {
            pagina: 'Contacto',
            componentes: [
              { seccion: 'Formulario', campos: ['Nombre', 'Teléfono', 'Correo', 'Mensaje'] },
              {
                seccion: 'Datos de contacto',
                datos: {
                  email: 'contacto@clinicasonrisa.com.co', telefono: '+57 601 345 6789', horario: 'Lunes a sábado, 8:00 a 18:00',
                  whatsapp: '+57 315 789 4561', direccion: 'Calle 93 # 14-20, Bogotá',
                },
              },
            ],
          },
        ],
        indicaciones_diseno: {
          logotipo: 'Usar el logotipo actual en versión horizontal.',
          estilo_general: 'Limpio, luminoso y cercano.',
          colores: ['#0EA5E9', '#F8FAFC', '#0F172A'],
          redes_sociales: { estado: 'Instagram activo, Facebook sin publicaciones recientes', accion: 'Enlazar Instagram en el pie de página' },
          web_referencia: { url: 'https://www.example.com', motivo: 'Navegación sencilla y llamadas a la acción visibles' },
        },
      },
    };
    await tx.query(
      `insert into public.agente_marketing (created_at, nombre_archivo_url, nombre_persona, dominio_extraido, contenido)
       values ($1, 'https://clinicasonrisa.com.co', 'equipo@agencia-demo.co', 'Clínica Dental Sonrisa', $2),
              ($3, 'Brief_Cafe_Origen.pdf', 'equipo@agencia-demo.co', 'Café Origen', $4)`,
      [
        new Date(nowMs - 9 * DAY).toISOString(), JSON.stringify(propuesta),
        new Date(nowMs - 3 * DAY).toISOString(),
        'Propuesta para Café Origen: página de inicio con la historia de la finca, tienda en línea de cafés de origen ' +
          '(Huila, Nariño, Sierra Nevada), página de suscripciones mensuales y botón de pedido por WhatsApp.',
      ],
    );

    // ---------------------------------------------------------------- summary
    const tablas = [
      'campanas', 'clientes', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
      'empresas', 'planes', 'planes_empresas_wordpress', 'servicios_disponibles', 'proyectos', 'servicios_instancias',
      'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots', 'empresas_shopify_bots', 'empresas_bot_duda',
      'empresas_whatsapp', 'agente_marketing',
    ];
    const conteo = await tx.query<Record<string, number | string>>(
      `select ${tablas.map((t) => `(select count(*) from public.${t}) as ${t}`).join(', ')}`,
    );
    const counts: Record<string, number> = {};
    for (const t of tablas) counts[t] = Number(conteo.rows[0]?.[t] ?? 0);
    counts.mensajes = mensajesTotal;
    return { skipped: false, counts, messageTables, durationMs: Date.now() - started };
  });
}

/** Two records of the marketing agent: a website analysed (with its proposed structure) and a brief file. */
import type { Siembra } from './contexto';
import { daysBefore } from './tiempo';

/** The structure the analysis proposed for the dental clinic's website (the shape n8n answers). */
const PROPUESTA_CLINICA = {
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

export async function seedMarketing({ tx, nowMs }: Siembra): Promise<void> {
  await tx.query(
    `insert into public.agente_marketing (created_at, nombre_archivo_url, nombre_persona, dominio_extraido, contenido)
     values ($1, 'https://clinicasonrisa.com.co', 'equipo@agencia-demo.co', 'Clínica Dental Sonrisa', $2),
            ($3, 'Brief_Cafe_Origen.pdf', 'equipo@agencia-demo.co', 'Café Origen', $4)`,
    [
      daysBefore(nowMs, 9), JSON.stringify(PROPUESTA_CLINICA),
      daysBefore(nowMs, 3),
      'Propuesta para Café Origen: página de inicio con la historia de la finca, tienda en línea de cafés de origen ' +
        '(Huila, Nariño, Sierra Nevada), página de suscripciones mensuales y botón de pedido por WhatsApp.',
    ],
  );
}

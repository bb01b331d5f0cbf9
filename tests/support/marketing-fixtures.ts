/** Small real documents and proposals for the marketing-agent tests (unit, integration, e2e). */

/** A minimal valid one-page PDF, written by hand (a few hundred bytes). */
export function tinyPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 100 Td (Clima Frio) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

export const PROPUESTA = {
  propuesta_estructura_sitio_web: {
    nombre_sitio: 'Clima Frío SAS',
    mensaje_inicial: 'Propuesta para el nuevo sitio de Clima Frío.',
    paginas: [
      {
        pagina: 'Inicio',
        componentes: [
          { seccion: 'Bienvenida', contenido: 'Expertos en aire acondicionado en Bogotá.' },
          { seccion: 'Ventajas', contenido: ['Atención 24/7', 'Técnicos certificados'] },
        ],
      },
      {
        pagina: 'Servicios',
        componentes: [
          {
            seccion: 'Nuestros servicios',
            servicios: [
              { nombre: 'Instalación de aires', descripcion: 'Montaje completo' },
              { nombre: 'Mantenimiento preventivo', descripcion: 'Cada 6 meses' },
              { nombre: 'Asesoría energética', descripcion: 'Ahorro en consumo' },
            ],
          },
          { seccion: 'Precios', contenido: { basico: 'Desde $100.000', premium: 'Desde $250.000' } },
        ],
      },
      {
        pagina: 'Contacto',
        componentes: [
          { seccion: 'Formulario', campos: ['Nombre', 'Email', 'Mensaje'] },
          {
            seccion: 'Datos',
            datos: {
              email: 'info@climafrio.co',
              telefono: '+57 601 555 0101',
              horario: 'Lunes a viernes, 8:00 a 18:00',
              whatsapp: '+57 300 555 0101',
              direccion: 'Calle 100 #15-20, Bogotá (crear correo corporativo)',
            },
          },
        ],
      },
    ],
    indicaciones_diseno: {
      logotipo: 'Usar el logotipo actual en azul',
      estilo_general: 'Limpio y profesional',
      colores: ['#0b5394', '#ffffff', '#f1c232'],
      redes_sociales: { estado: 'Solo Facebook', accion: 'Crear Instagram' },
      web_referencia: { url: 'https://ejemplo-referencia.co', motivo: 'Navegación clara' },
    },
  },
};

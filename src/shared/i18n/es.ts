import { app, menu, pantallas, errores, escritorio } from "../textos";
/**
 * Every text shown to people, in Spanish, as the specification writes it. Screens and the api layer read
 * from here so a wording lives in one place. Functions build the texts with placeholders.
 */
import { login, primerAdmin, password } from '../areas/auth/texts';
import { shell, notificaciones } from '../areas/shell/texts';
import { trabajos } from '../areas/jobs/texts';
import { conexion } from '../areas/conexion/texts';
import { llamadas } from '../areas/llamadas/texts';
import { proyectos } from '../areas/proyectos/texts';
import { servicios } from '../areas/servicios/texts';
import { empresas } from '../areas/empresas/texts';
import { planes } from '../areas/planes/texts';
import { metricas } from '../areas/metricas/texts';
import { bots } from '../areas/bots/texts';
import { mensajes } from '../areas/mensajes/texts';
import { whatsappResumen } from '../areas/whatsapp-resumen/texts';
import { marketing } from '../areas/marketing/texts';
import { configuracion } from '../areas/configuracion/texts';
import { operadores } from '../areas/operadores/texts';
import { portal } from '../areas/portal/texts';
import { datos } from '../areas/datos/texts';
import { seguridad } from '../areas/seguridad/texts';
import { auditoria } from '../areas/auditoria/texts';

export const es = {
  app,
  login,
  primerAdmin,
  password,
  shell,
  notificaciones,
  menu,
  pantallas,
  errores,
  escritorio,
  // Each area keeps its texts in its own folder (src/shared/areas/<area>/texts.ts).
  trabajos,
  conexion,
  llamadas,
  proyectos,
  servicios,
  empresas,
  planes,
  metricas,
  bots,
  mensajes,
  whatsappResumen,
  marketing,
  configuracion,
  operadores,
  seguridad,
  auditoria,
  portal,
  datos,
} as const;

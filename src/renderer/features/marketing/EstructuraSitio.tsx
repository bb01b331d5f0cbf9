import { Anchor, Badge, Card, Code, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconClock,
  IconFileDescription,
  IconForms,
  IconInfoCircle,
  IconLayoutGrid,
  IconMail,
  IconMapPin,
  IconPalette,
  IconPhone,
  IconSparkles,
  IconTools,
} from '@tabler/icons-react';
import { Component as ReactComponent, type ReactNode } from 'react';
import {
  comoTexto,
  conteoServicios,
  notaCrearCorreo,
  resumenPropuesta,
  tipoSeccion,
  type Componente,
  type PropuestaSitio,
} from '../../../shared/areas/marketing/propuesta';
import { es } from '../../../shared/i18n/es';
import { DatoRotulado } from '../../components/DatoRotulado';

const m = es.marketing;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Website-structure view (part 3 §2.9). Any unexpected shape is shown as text; it never crashes. */
export function EstructuraSitio({ propuesta }: { propuesta: PropuestaSitio }) {
  return (
    <Resguardo fallback={<TextoCrudo valor={propuesta} />}>
      <Vista propuesta={propuesta} />
    </Resguardo>
  );
}

function Vista({ propuesta }: { propuesta: PropuestaSitio }) {
  const resumen = resumenPropuesta(propuesta);
  return (
    <Stack gap="md" data-testid="estructura-sitio">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3}>{propuesta.nombre_sitio || 'Sitio sin nombre'}</Title>
            {propuesta.mensaje_inicial && (
              <Text c="dimmed" size="sm" mt={4}>
                {comoTexto(propuesta.mensaje_inicial)}
              </Text>
            )}
          </div>
          <Badge color="green" variant="light" leftSection={<IconSparkles size={12} />} style={{ flexShrink: 0 }}>
            {m.estructuraGeneradaBadge}
          </Badge>
        </Group>
      </Paper>

      <Group gap="xs">
        <IconLayoutGrid size={18} />
        <Badge variant="filled">{m.paginas(resumen.paginas)}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {propuesta.paginas.map((pagina, i) => (
          <Card key={i} withBorder radius="md" padding="md" data-testid="pagina">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={700}>{pagina.pagina || `${i + 1}`}</Text>
              <Badge size="sm" variant="light" color="gray">
                {m.componentes(pagina.componentes?.length ?? 0)}
              </Badge>
            </Group>
            <Stack gap="sm">
              {(pagina.componentes ?? []).length === 0 && (
                <Text size="sm" c="dimmed">
                  {m.sinComponentes}
                </Text>
              )}
              {(pagina.componentes ?? []).map((componente, j) => (
                <Resguardo key={j} fallback={<TextoCrudo valor={componente} />}>
                  <Seccion componente={componente} />
                </Resguardo>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      {propuesta.indicaciones_diseno && (
        <Resguardo fallback={<TextoCrudo valor={propuesta.indicaciones_diseno} />}>
          <Diseno indicaciones={propuesta.indicaciones_diseno as Record<string, unknown>} />
        </Resguardo>
      )}

      <Paper withBorder p="md" radius="md" data-testid="resumen-estructura">
        <Title order={5} mb="xs">
          {m.resumen}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DatoRotulado destacado etiqueta={m.numeroPaginas} valor={String(resumen.paginas)} />
          <DatoRotulado destacado etiqueta={m.totalComponentes} valor={String(resumen.componentes)} />
          <DatoRotulado destacado etiqueta={m.paginaServicios} valor={resumen.tieneServicios ? m.si : m.no} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}


function Seccion({ componente }: { componente: Componente }) {
  const tipo = tipoSeccion(componente);
  return (
    <div data-tipo={tipo}>
      <Text size="sm" fw={600} mb={4}>
        {componente.seccion ? comoTexto(componente.seccion) : m.seccionSinTitulo}
      </Text>
      {tipo === 'texto' && <Text size="sm">{comoTexto(componente.contenido)}</Text>}
      {tipo === 'lista' && (
        <List size="sm" spacing={2}>
          {(componente.contenido as unknown[]).map((item, k) => (
            <List.Item key={k}>{comoTexto(item)}</List.Item>
          ))}
        </List>
      )}
      {tipo === 'objeto' && (
        <Stack gap={2}>
          {Object.entries(componente.contenido as Record<string, unknown>).map(([k, v]) => (
            <Text size="sm" key={k}>
              <Text span fw={600} tt="capitalize">
                {k.replace(/_/g, ' ')}:
              </Text>{' '}
              {comoTexto(v)}
            </Text>
          ))}
        </Stack>
      )}
      {tipo === 'campos' && (
        <>
          <Group gap={4} mb={4}>
            <IconForms size={14} />
            <Text size="xs" c="dimmed">
              {m.camposFormulario}
            </Text>
          </Group>
          <Group gap={6}>
            {(componente.campos as unknown[]).map((campo, k) => (
              <Badge key={k} variant="outline" size="sm" tt="none">
                {comoTexto(campo)}
              </Badge>
            ))}
          </Group>
        </>
      )}
      {tipo === 'contacto' && <Contacto datos={componente.datos as Record<string, unknown>} />}
      {tipo === 'servicios' && <Servicios servicios={componente.servicios as unknown[]} />}
      {tipo === 'vacia' && <TextoCrudo valor={componente} />}
    </div>
  );
}

function Contacto({ datos }: { datos: Record<string, unknown> }) {
  const email = comoTexto(datos.email);
  const telefono = comoTexto(datos.telefono);
  const fila = (icon: ReactNode, etiqueta: string, valor: ReactNode) => (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {icon}
      <Linea etiqueta={etiqueta} valor={valor} />
    </Group>
  );
  return (
    <Stack gap={4} data-testid="contacto">
      {email && fila(<IconMail size={15} />, m.email, <Anchor href={`mailto:${email}`}>{email}</Anchor>)}
      {telefono && fila(<IconPhone size={15} />, m.telefono, <Anchor href={`tel:${telefono.replace(/[^\d+]/g, '')}`}>{telefono}</Anchor>)}
      {datos.horario != null && fila(<IconClock size={15} />, m.horario, comoTexto(datos.horario))}
      {datos.whatsapp != null && fila(<IconBrandWhatsapp size={15} />, m.whatsapp, comoTexto(datos.whatsapp))}
      {datos.direccion != null && fila(<IconMapPin size={15} />, m.direccion, comoTexto(datos.direccion))}
      {notaCrearCorreo(datos) && (
        <Group gap={6} c="yellow.8" wrap="nowrap">
          <IconInfoCircle size={15} />
          <Text size="xs" c="inherit">
            {m.notaCrearCorreo}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function Servicios({ servicios }: { servicios: unknown[] }) {
  const n = conteoServicios(servicios);
  return (
    <Stack gap={6} data-testid="servicios">
      <Group gap={6}>
        <IconTools size={15} />
        <Text size="sm" fw={600}>
          {m.serviciosTotal(n.total)}
        </Text>
      </Group>
      <Group gap={6}>
        <Badge size="sm" variant="light" color="blue">{`${m.instalacion}: ${n.instalacion}`}</Badge>
        <Badge size="sm" variant="light" color="teal">{`${m.mantenimiento}: ${n.mantenimiento}`}</Badge>
        <Badge size="sm" variant="light" color="grape">{`${m.asesoria}: ${n.asesoria}`}</Badge>
      </Group>
      <List size="sm" spacing={2}>
        {servicios.map((s, k) => (
          <List.Item key={k}>
            {isObject(s) ? (
              <>
                <Text span fw={600} size="sm">
                  {comoTexto(s.nombre)}
                </Text>
                {s.descripcion != null && <Text span size="sm" c="dimmed">{` — ${comoTexto(s.descripcion)}`}</Text>}
              </>
            ) : (
              comoTexto(s)
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Diseno({ indicaciones }: { indicaciones: Record<string, unknown> }) {
  const redes = indicaciones.redes_sociales;
  const web = indicaciones.web_referencia;
  const colores = indicaciones.colores;
  return (
    <Paper withBorder p="md" radius="md" data-testid="indicaciones-diseno">
      <Group gap="xs" mb="sm">
        <ThemeIcon variant="light" size={28}>
          <IconPalette size={16} />
        </ThemeIcon>
        <Title order={5}>{m.indicacionesDiseno}</Title>
      </Group>
      <Stack gap={6}>
        {indicaciones.logotipo != null && <Linea etiqueta={m.logotipo} valor={comoTexto(indicaciones.logotipo)} />}
        {indicaciones.estilo_general != null && <Linea etiqueta={m.estiloGeneral} valor={comoTexto(indicaciones.estilo_general)} />}
        {colores != null && (
          <Group gap={6} align="center">
            <Text size="sm" c="dimmed">
              {m.colores}:
            </Text>
            {Array.isArray(colores) ? (
              colores.map((col, k) => (
                <Badge key={k} variant="outline" tt="none" leftSection={<span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: /^#[0-9a-f]{3,8}$/i.test(comoTexto(col)) ? comoTexto(col) : 'transparent' }} />}>
                  {comoTexto(col)}
                </Badge>
              ))
            ) : (
              <Text size="sm">{comoTexto(colores)}</Text>
            )}
          </Group>
        )}
        {redes != null &&
          (isObject(redes) ? (
            <Linea etiqueta={m.redesSociales} valor={`${m.estado}: ${comoTexto(redes.estado)} · ${m.accion}: ${comoTexto(redes.accion)}`} />
          ) : (
            <Linea etiqueta={m.redesSociales} valor={comoTexto(redes)} />
          ))}
        {web != null &&
          (isObject(web) ? (
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {m.webReferencia}:
              </Text>
              {/^https?:\/\//i.test(comoTexto(web.url)) ? (
                <Anchor size="sm" href={comoTexto(web.url)} target="_blank" rel="noopener noreferrer">
                  {comoTexto(web.url)}
                </Anchor>
              ) : (
                <Text size="sm">{comoTexto(web.url)}</Text>
              )}
              {web.motivo != null && <Text size="sm">{`(${m.motivo}: ${comoTexto(web.motivo)})`}</Text>}
            </Group>
          ) : (
            <Linea etiqueta={m.webReferencia} valor={comoTexto(web)} />
          ))}
      </Stack>
    </Paper>
  );
}

function Linea({ etiqueta, valor }: { etiqueta: string; valor: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {etiqueta}:
      </Text>{' '}
      {valor}
    </Text>
  );
}

/** Any value as preformatted text. */
export function TextoCrudo({ valor }: { valor: unknown }) {
  return (
    <Stack gap={4}>
      {typeof valor !== 'string' && (
        <Group gap={4} c="dimmed">
          <IconFileDescription size={14} />
          <Text size="xs" c="inherit">
            {m.formaInesperada}
          </Text>
        </Group>
      )}
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}>
        {comoTexto(valor)}
      </Code>
    </Stack>
  );
}

/** Error boundary: a part that cannot render shows its data as text instead. */
class Resguardo extends ReactComponent<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

import { Badge, Box, Group, Loader, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhone, IconSearch, IconSpeakerphone, IconUser, IconX, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_TARGET,
  normalizeSearchQuery,
  type SearchResult,
  type SearchResultType,
} from '../../shared/domain/search';
import { es } from '../../shared/i18n/es';
import { consultas } from '../api/client';
import { CargandoEnLinea } from './CargandoEnLinea';

const TYPE_ICON: Record<SearchResultType, { icon: Icon; color: string }> = {
  cliente: { icon: IconUser, color: 'blue' },
  campana: { icon: IconSpeakerphone, color: 'green' },
  llamada: { icon: IconPhone, color: 'grape' },
};

const SEARCH_MAX_LENGTH = 200;

/**
 * Global search (part 1 §2.4, §5, §9): debounced 300 ms, blank clears, panel shown only while the box is
 * focused with a non-empty query, closed by choosing a result or clicking the overlay. A failed search shows
 * no results.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const q = normalizeSearchQuery(debounced);

  const search = useQuery({
    ...consultas.shell.buscar({ q: q ?? '' }),
    enabled: q !== null,
    retry: false,
    staleTime: 10_000,
  });

  const results: SearchResult[] = q === null || search.isError ? [] : (search.data ?? []);
  const typing = normalizeSearchQuery(query) !== q;
  const busy = q !== null && (typing || search.isFetching) && !search.isError;
  const visible = open && query.trim() !== '';

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const select = (result: SearchResult) => {
    close();
    inputRef.current?.blur();
    navigate(SEARCH_TARGET[result.type]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
      return;
    }
    if (!visible || results.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const chosen = results[activeIndex] ?? results[0];
      if (chosen) {
        event.preventDefault();
        select(chosen);
      }
    }
  };

  const optionId = (index: number) => `${listId}-opcion-${index}`;

  return (
    <>
      {visible && (
        <Box
          data-testid="buscar-overlay"
          onClick={() => {
            close();
            inputRef.current?.blur();
          }}
          style={{ position: 'fixed', inset: 0, zIndex: 1, background: 'rgba(15, 23, 42, 0.12)' }}
        />
      )}
      <Box pos="relative" style={{ zIndex: 2, flex: 1, maxWidth: 520 }} data-search-open={visible || undefined}>
        <TextInput
          ref={inputRef}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={es.shell.buscarPlaceholder}
          aria-label={es.shell.buscarEtiqueta}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={visible}
          aria-controls={listId}
          aria-activedescendant={visible && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          maxLength={SEARCH_MAX_LENGTH}
          radius="xl"
          variant="filled"
          leftSection={<IconSearch size={16} stroke={1.8} />}
          rightSection={
            busy && visible ? (
              <Loader size={14} />
            ) : query ? (
              <IconX
                size={14}
                style={{ cursor: 'pointer' }}
                aria-hidden
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setQuery('');
                  setActiveIndex(-1);
                }}
              />
            ) : null
          }
        />
        {visible && (
          <Paper
            shadow="lg"
            withBorder
            radius="md"
            p={6}
            pos="absolute"
            top="calc(100% + 8px)"
            left={0}
            right={0}
            onMouseDown={(event) => event.preventDefault()}
          >
            {/*
              A plain vertical scroller, not ScrollArea: its content box is `display: table` and grows to the
              widest line, so a long subtitle used to widen the row and push the type badge out of view.
            */}
            <Box mah={420} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
              <Stack gap={2} role="listbox" id={listId} aria-label={es.shell.resultadosBusqueda}>
                {results.map((result, index) => {
                  const { icon: TypeIcon, color } = TYPE_ICON[result.type];
                  return (
                    <Group
                      key={`${result.type}:${result.id}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      data-selected={index === activeIndex || undefined}
                      className="search-option"
                      wrap="nowrap"
                      gap="sm"
                      p="xs"
                      style={{ borderRadius: 'var(--mantine-radius-md)', cursor: 'pointer' }}
                      onMouseEnter={() => setActiveIndex(index)}
                      onClick={() => select(result)}
                    >
                      <ThemeIcon variant="light" color={color} radius="md" size={34} style={{ flexShrink: 0 }}>
                        <TypeIcon size={18} stroke={1.7} />
                      </ThemeIcon>
                      {/* The texts take what is left and ellipsise; the type (part 1 §2.4) never shrinks. */}
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate title={result.title}>
                          {result.title}
                        </Text>
                        <Text size="xs" c="dimmed" truncate title={result.subtitle} data-testid="resultado-subtitulo">
                          {result.subtitle}
                        </Text>
                      </Box>
                      <Badge variant="light" color={color} size="sm" style={{ flexShrink: 0 }} data-testid="resultado-tipo">
                        {es.shell.tipoResultado[result.type] ?? result.type}
                      </Badge>
                    </Group>
                  );
                })}
              </Stack>
            </Box>
            {results.length === 0 &&
              (busy ? (
                <CargandoEnLinea texto={es.shell.buscando} justify="center" py="md" />
              ) : (
                <Stack gap={2} align="center" py="lg" px="md">
                  <IconSearch size={28} stroke={1.4} color="var(--mantine-color-gray-5)" />
                  <Text size="sm" fw={600}>
                    {es.shell.sinResultados}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {es.shell.sinResultadosDetalle}
                  </Text>
                </Stack>
              ))}
          </Paper>
        )}
      </Box>
    </>
  );
}

import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Chip, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { listProps, PROP_CATEGORIES, type PropCategory } from '@atrium/assets';
import { msg } from '../../i18n/msg.ts';
import { placeItem } from './ContentPanel.tsx';
import { propCategoriesOf, searchProps } from './propSearch.ts';
import { PLACE_DRAG_TYPE, type EditorSession } from './session.ts';
import classes from './PropsLibrary.module.css';

const ALL = 'all';

/**
 * The props library (Style step): rendered thumbnails (`scripts/render-prop-thumbnails.ts`, served
 * from /static/thumbnails/props/), a category filter and search. A tile clicked places the prop where
 * the crosshair points; dragged onto the canvas, where it is dropped.
 */
export function PropsLibrary({ session }: { session: EditorSession }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  // Spec §5: picker search is debounced 200 ms.
  const [deferred] = useDebouncedValue(query, 200);
  const all = useMemo(() => listProps(), []);
  const categories = useMemo(() => propCategoriesOf(all, PROP_CATEGORIES), [all]);
  const label = (c: PropCategory) => t(`editor.style.propCategories.${c}`);
  const shown = searchProps(all, deferred, category === ALL ? null : (category as PropCategory), label);

  return (
    <>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t('editor.style.searchProps')}
        aria-label={t('editor.style.searchProps')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        data-testid="prop-search"
      />
      <Chip.Group multiple={false} value={category} onChange={setCategory}>
        <Group gap={4} data-testid="prop-categories" role="group" aria-label={t('editor.style.propCategory')}>
          {[ALL, ...categories].map((c) => (
            <Chip key={c} value={c} size="xs" wrapperProps={{ 'data-testid': `prop-category-${c}` }}>
              {c === ALL ? t('editor.style.allProps') : label(c as PropCategory)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-props">
          {msg.noPropsFound}
        </Text>
      ) : (
        <div className={classes.grid} data-testid="prop-list">
          {shown.map((p) => (
            <UnstyledButton
              key={p.propId}
              className={classes.tile}
              title={`${p.title} — ${t('editor.content.dragHint')}`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(PLACE_DRAG_TYPE, `prop-${p.propId}`);
                e.dataTransfer.effectAllowed = 'copy';
                session.startPlaceDrag((x, y) => placeItem(session, 'props', { propId: p.propId }, { x, y }));
              }}
              onDragEnd={() => session.startPlaceDrag(null)}
              onClick={() => placeItem(session, 'props', { propId: p.propId })}
              data-testid={`prop-${p.propId}`}
            >
              <img className={classes.thumb} src={`/static/thumbnails/props/${p.propId}.webp`} alt="" width={160} height={160} loading="lazy" draggable={false} />
              <span className={classes.name}>{p.title}</span>
            </UnstyledButton>
          ))}
        </div>
      )}
    </>
  );
}

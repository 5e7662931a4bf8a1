import { useEffect, useState } from 'react';
import { Checkbox, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UpdateItemCommand, findItem, type Engine } from '@atrium/engine';
import { FONT_STYLES } from '@atrium/shared/scene/items';
import type { PlacedItem, PlacedItemKind } from '@atrium/shared/scene/document';
import { msg } from '../../i18n/msg.ts';
import { ColourField } from './ColourField.tsx';
import { ModelAnimationFields } from './ModelAnimationFields.tsx';
import { PositionFields } from './PositionFields.tsx';
import { TourPointProperties } from './TourPointProperties.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import { isValidLink } from './urls.ts';
import classes from './Editor.module.css';

type Rec = Record<string, unknown>;

/** A link field that commits only valid URLs (or empty, which removes the link). */
function LinkField({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const invalid = text !== '' && !isValidLink(text);
  return (
    <TextInput
      label={label}
      value={text}
      error={invalid ? msg.user.invalidUrl : undefined}
      data-testid="inspector-link"
      onChange={(e) => {
        const v = e.currentTarget.value;
        setText(v);
        if (v === '') onCommit(undefined);
        else if (isValidLink(v)) onCommit(v);
      }}
    />
  );
}

/** Properties of the selected item (spec §2 Add Content inspector). Every edit is an undoable command. */
export function Inspector({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  if (snap.selection.length === 0) return snap.tourPoint ? <TourPointProperties session={session} snap={snap} /> : null;
  if (snap.selection.length > 1) {
    return (
      <aside className={classes.inspector} data-testid="inspector">
        <Title order={4}>{t('editor.inspector.title')}</Title>
        <Text mt="sm">{t('editor.inspector.multi', { count: snap.selection.length })}</Text>
      </aside>
    );
  }
  const found = findItem(snap.document, snap.selection[0]!);
  if (!found) return null;
  const item = found.item as PlacedItem & Rec;
  const set = (patch: Rec) => session.execute(new UpdateItemCommand(item.id, patch));
  return (
    <aside className={classes.inspector} data-testid="inspector">
      <Title order={4} mb="sm">
        {t('editor.inspector.title')}
      </Title>
      <Stack gap="sm">
        <TextInput label={t('editor.inspector.name')} value={item.title} maxLength={200} onChange={(e) => set({ title: e.currentTarget.value })} data-testid="inspector-title" />
        <Textarea label={t('editor.inspector.description')} value={item.description} autosize minRows={2} maxRows={5} onChange={(e) => set({ description: e.currentTarget.value })} />
        <PositionFields position={item.position} onChange={(position) => set({ position })} />
        <Select
          label={t('editor.inspector.collisions')}
          value={item.collisions}
          allowDeselect={false}
          data={[
            { value: 'None', label: t('editor.inspector.noCollision') },
            { value: 'Simple', label: t('editor.inspector.simple') },
            { value: 'Precise', label: t('editor.inspector.precise') },
          ]}
          onChange={(v) => v && set({ collisions: v })}
        />
        <KindFields kind={found.kind} item={item} set={set} engine={session.engine} />
      </Stack>
    </aside>
  );
}

function KindFields({ kind, item, set, engine }: { kind: PlacedItemKind; item: Rec & { id: string }; set: (p: Rec) => void; engine: Engine }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'pictures':
      return (
        <>
          <ImageUrlField value={String(item.imageUri)} onChange={(imageUri) => set({ imageUri })} />
          <Switch label={t('editor.inspector.popUp')} checked={Boolean(item.popUp)} onChange={(e) => set({ popUp: e.currentTarget.checked })} />
          <LinkField label={t('editor.inspector.link')} value={item.link as string | undefined} onCommit={(link) => set({ link })} />
        </>
      );
    case 'videos':
      return (
        <>
          <Switch label={t('editor.inspector.autoplay')} checked={Boolean(item.autoplay)} onChange={(e) => set({ autoplay: e.currentTarget.checked })} />
          <Switch label={t('editor.inspector.loop')} checked={Boolean(item.loop)} onChange={(e) => set({ loop: e.currentTarget.checked })} />
          <Switch label={t('editor.inspector.popUp')} checked={Boolean(item.popUp)} onChange={(e) => set({ popUp: e.currentTarget.checked })} />
        </>
      );
    case 'texts3d':
      return (
        <>
          <Textarea label={t('editor.inspector.text')} value={String(item.text)} autosize minRows={1} onChange={(e) => set({ text: e.currentTarget.value })} data-testid="inspector-text" />
          <NumberInput label={t('editor.inspector.fontSize')} value={Number(item.fontSize)} min={1} max={500} onChange={(v) => typeof v === 'number' && v > 0 && set({ fontSize: v })} />
          <ColourField label={t('editor.inspector.colour')} value={String(item.colorTint)} onChange={(colorTint) => set({ colorTint })} />
          <MultiSelect
            label={t('editor.inspector.fontStyles')}
            data={[...FONT_STYLES]}
            value={item.fontStyles as string[]}
            onChange={(v) => set({ fontStyles: v.length ? v : ['normal'] })}
          />
          <LinkField label={t('editor.inspector.link')} value={item.hyperlink as string | undefined} onCommit={(hyperlink) => set({ hyperlink })} />
        </>
      );
    case 'models3d':
      return (
        <>
          <Checkbox label={t('editor.inspector.interactive')} checked={Boolean(item.interactive)} onChange={(e) => set({ interactive: e.currentTarget.checked })} />
          <ModelAnimationFields engine={engine} item={item} set={set} />
        </>
      );
    case 'infoPoints':
      return <LinkField label={t('editor.inspector.link')} value={item.link as string | undefined} onCommit={(link) => set({ link })} />;
    case 'props':
      return <ColourField label={t('editor.style.tint')} value={(item.tint as string | undefined) ?? '#ffffff'} onChange={(tint) => set({ tint })} />;
    default:
      return null;
  }
}

/**
 * An image's address. An embedded picture (a `data:` URI, often hundreds of kilobytes) is named, not
 * printed: the field shows "Embedded image" until someone types a real address over it.
 */
function ImageUrlField({ value, onChange }: { value: string; onChange: (uri: string) => void }) {
  const { t } = useTranslation();
  const embedded = value.startsWith('data:');
  return (
    <TextInput
      label={t('editor.inspector.imageUrl')}
      value={embedded ? '' : value}
      placeholder={embedded ? t('editor.inspector.embeddedImage') : undefined}
      description={embedded ? t('editor.inspector.embeddedHint') : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

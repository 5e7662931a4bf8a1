import { useMemo, useState } from 'react';
import { Button, Stack, Text, TextInput, type ButtonProps } from '@mantine/core';
import { IconBox, IconDoorEnter, IconInfoCircle, IconLink, IconPhoto, IconTextSize, IconVideo, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { artworkDataUrl, artworks } from '@atrium/assets';
import { AddItemsCommand, footprintOf } from '@atrium/engine';
import { sceneDocumentV1, type PlacedItem, type PlacedItemKind } from '@atrium/shared/scene/document';
import type { Asset } from '@atrium/shared/assets/schema';
import type { AssetDrag } from '../assets/AssetPicker.tsx';
import { msg } from '../../i18n/msg.ts';
import { notify } from '../../notify.ts';
import { itemFromAsset } from './assetItems.ts';
import { newId } from './ids.ts';
import { PickAsset } from './PickAsset.tsx';
import { SpacePicker } from './SpacePicker.tsx';
import { PLACE_DRAG_TYPE, type EditorSession } from './session.ts';
import { isValidLink } from './urls.ts';
import classes from './Editor.module.css';

/** A screen point in the canvas (a drop); without one, the centre of the view (the crosshair). */
export interface ScreenPoint { x: number; y: number }

/**
 * Places one item where the pointer (or, for a button click, the crosshair) points — on the wall or
 * floor there, clear of the items already in place (engine `placementAt`) — selects it, and returns
 * its id.
 */
export function placeItem(session: EditorSession, kind: PlacedItemKind, fields: Record<string, unknown>, at?: ScreenPoint): string {
  session.tools.flushEdits();
  const size = footprintOf(kind, fields);
  const { position, rotation } = at ? session.tools.placementAt(at.x, at.y, kind, size) : session.tools.placementInView(kind, size);
  const id = newId(kind);
  // The shared schema fills every default, so new items are exactly what a saved document holds.
  const parsed = sceneDocumentV1.shape[kind].parse([{ id, position, rotation, ...fields }]) as PlacedItem[];
  session.execute(new AddItemsCommand([{ kind, item: parsed[0]! }]));
  session.select([id]);
  return id;
}

/**
 * An Add button that also drags: dropped on the canvas, the item lands where it was dropped; clicked,
 * where the crosshair points.
 */
function AddButton({ session, add, testId, disabled, ...rest }: { session: EditorSession; add: (at?: ScreenPoint) => void; testId?: string; disabled?: boolean } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      {...rest}
      disabled={disabled}
      draggable={!disabled}
      title={t('editor.content.dragHint')}
      onDragStart={(e) => {
        e.dataTransfer.setData(PLACE_DRAG_TYPE, testId ?? 'item');
        e.dataTransfer.effectAllowed = 'copy';
        session.startPlaceDrag((x, y) => add({ x, y }));
      }}
      onDragEnd={() => session.startPlaceDrag(null)}
      onClick={() => add()}
      data-testid={testId}
    >
      {t('editor.content.add')}
    </Button>
  );
}

function Card({ icon: Icon, title, children }: { icon: typeof IconPhoto; title: string; children: React.ReactNode }) {
  return (
    <div className={classes.card}>
      <Text fw={700} size="sm" mb={6} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Icon size={16} /> {title}
      </Text>
      <Stack gap={6}>{children}</Stack>
    </div>
  );
}

/** Places a library asset; an asset without a usable file (still processing, failed) is refused. */
export function placeAsset(session: EditorSession, asset: Asset, at?: ScreenPoint): string | null {
  const item = itemFromAsset(asset);
  if (!item) {
    notify.error(msg.somethingWentWrong);
    return null;
  }
  return placeItem(session, item.kind, item.fields, at);
}

/** Library assets dragged onto the canvas land where they are dropped, like the Add buttons. */
function libraryDrag(session: EditorSession): AssetDrag {
  let placed = false;
  return {
    type: PLACE_DRAG_TYPE,
    start: (asset) => {
      placed = false;
      session.startPlaceDrag((x, y) => {
        placed = placeAsset(session, asset, { x, y }) !== null;
      });
    },
    end: () => {
      session.startPlaceDrag(null);
      return placed;
    },
  };
}

/**
 * Step 2: pictures, videos, 3D models, texts and web views from the user's library or a fresh upload
 * (a URL stays as an extra for media hosted elsewhere), 3D text, hypertext, info points and portals.
 */
export function ContentPanel({ session }: { session: EditorSession }) {
  const { t } = useTranslation();
  const [imageUrl, setImageUrl] = useState('');
  const [text, setText] = useState(t('editor.content.defaultText'));
  const [hyperText, setHyperText] = useState('');
  const [hyperLink, setHyperLink] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [modelUrl, setModelUrl] = useState('');
  const [portalTarget, setPortalTarget] = useState<string | null>(null);
  const hyperLinkInvalid = hyperLink !== '' && !isValidLink(hyperLink);
  const firstArtwork = artworks[0];
  // One for the panel's life: a drag's start and end must share it across the re-render a drop causes.
  const drag = useMemo(() => libraryDrag(session), [session]);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('editor.content.placedHint')}
      </Text>
      <Card icon={IconPhoto} title={t('editor.content.picture')}>
        <PickAsset kind="picture" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} testId="pick-picture" />
        <TextInput size="xs" placeholder={t('editor.content.imageUrl')} value={imageUrl} onChange={(e) => setImageUrl(e.currentTarget.value)} data-testid="picture-url" />
        <AddButton
          session={session}
          variant="default"
          testId="add-picture"
          add={(at) => {
            // Without a URL, a built-in CC0 artwork so the frame is never empty.
            const uri = imageUrl.trim() || (firstArtwork ? artworkDataUrl(firstArtwork.id) : '');
            placeItem(session, 'pictures', { imageUri: uri, width: 1.2, height: firstArtwork && !imageUrl.trim() ? 1.2 / firstArtwork.aspect : 0.9, title: imageUrl.trim() ? '' : firstArtwork?.title ?? '' }, at);
          }}
        />
      </Card>
      <Card icon={IconTextSize} title={t('editor.content.text3d')}>
        <PickAsset kind="text3d" variant="light" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} />
        <TextInput size="xs" placeholder={t('editor.content.text')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="text3d-input" />
        <AddButton session={session} disabled={!text.trim()} add={(at) => placeItem(session, 'texts3d', { text: text.trim() }, at)} testId="add-text3d" />
      </Card>
      <Card icon={IconLink} title={t('editor.content.hypertext')}>
        <PickAsset kind="hyperText" variant="light" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} />
        <TextInput size="xs" placeholder={t('editor.content.text')} value={hyperText} onChange={(e) => setHyperText(e.currentTarget.value)} />
        <TextInput
          size="xs"
          placeholder={t('editor.content.link')}
          value={hyperLink}
          error={hyperLinkInvalid ? msg.user.invalidUrl : undefined}
          onChange={(e) => setHyperLink(e.currentTarget.value)}
          data-testid="hypertext-link"
        />
        <AddButton
          session={session}
          disabled={!hyperText.trim() || !hyperLink || hyperLinkInvalid}
          add={(at) => placeItem(session, 'texts3d', { text: hyperText.trim(), hyperlink: hyperLink, colorTint: '#0b6fbf', fontStyles: ['underline'] }, at)}
        />
      </Card>
      <Card icon={IconVideo} title={t('editor.content.video')}>
        <PickAsset kind="video" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} testId="pick-video" />
        <TextInput size="xs" placeholder={t('editor.content.videoUrl')} value={videoUrl} onChange={(e) => setVideoUrl(e.currentTarget.value)} />
        <AddButton session={session} variant="default" disabled={!videoUrl.trim()} add={(at) => placeItem(session, 'videos', { videoUri: videoUrl.trim() }, at)} />
      </Card>
      <Card icon={IconBox} title={t('editor.content.model')}>
        <PickAsset kind="model3d" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} testId="pick-model" />
        <TextInput size="xs" placeholder={t('editor.content.modelUrl')} value={modelUrl} onChange={(e) => setModelUrl(e.currentTarget.value)} data-testid="model-url" />
        <AddButton session={session} variant="default" disabled={!modelUrl.trim()} add={(at) => placeItem(session, 'models3d', { modelUri: modelUrl.trim() }, at)} testId="add-model" />
      </Card>
      <Card icon={IconWorldWww} title={t('editor.content.webView')}>
        <PickAsset kind="webView3d" variant="light" label={t('editor.content.fromLibrary')} onPick={(a) => placeAsset(session, a)} drag={drag} />
      </Card>
      <Card icon={IconInfoCircle} title={t('editor.content.infoPoint')}>
        <AddButton session={session} add={(at) => placeItem(session, 'infoPoints', { title: t('editor.content.infoPoint') }, at)} testId="add-info" />
      </Card>
      <Card icon={IconDoorEnter} title={t('editor.content.portal')}>
        <SpacePicker value={portalTarget} onChange={setPortalTarget} />
        <AddButton
          session={session}
          add={(at) => {
            const pose = session.engine.getDocument()?.startingPosition ?? [0, 0, 0];
            // No target space: the portal leads back to the entry point.
            const target = portalTarget ? { kind: 'scene', sceneId: portalTarget } : { kind: 'point', position: pose };
            placeItem(session, 'portals', { target }, at);
          }}
        />
      </Card>
    </Stack>
  );
}

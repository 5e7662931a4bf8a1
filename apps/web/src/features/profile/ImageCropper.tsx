import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button, Group, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { THEME } from '@atrium/shared/constants';
import { useTranslation } from 'react-i18next';
import { cropToJpeg } from './cropImage.ts';

/** Spec §5 image crop: zoom 1–3 step 0.1, rotation 0–360, square aspect, round or rect, JPEG output. */
export function ImageCropper({
  src,
  onCancel,
  onDone,
  aspect,
}: {
  src: string;
  onCancel: () => void;
  onDone: (jpeg: Blob) => void;
  /** A fixed width:height (e.g. 16 / 9 for space covers): a rectangle only, no round/square choice. */
  aspect?: number;
}) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [shape, setShape] = useState<'round' | 'rect'>('round');
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!area) return;
    setBusy(true);
    try {
      onDone(await cropToJpeg(src, area, rotation));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('profile.crop.title')}
      size="lg"
      zIndex={THEME.modalZIndex + 2}
      centered
    >
      <div
        style={{
          position: 'relative',
          height: 360,
          background: '#101828',
          borderRadius: 16,
          overflow: 'hidden',
        }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={aspect ?? 1}
          cropShape={aspect ? 'rect' : shape}
          minZoom={1}
          maxZoom={3}
          zoomSpeed={0.1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_a, pixels) => setArea(pixels)}
        />
      </div>
      <Stack mt="md" gap="sm">
        <Text size="sm" fw={600}>
          {t('profile.crop.zoom')}
        </Text>
        <Slider
          min={1}
          max={3}
          step={0.1}
          value={zoom}
          onChange={setZoom}
          thumbLabel={t('profile.crop.zoom')}
        />
        <Text size="sm" fw={600}>
          {t('profile.crop.rotation')}
        </Text>
        <Slider
          min={0}
          max={360}
          step={1}
          value={rotation}
          onChange={setRotation}
          thumbLabel={t('profile.crop.rotation')}
        />
        {!aspect && (
          <SegmentedControl
            value={shape}
            onChange={(v) => setShape(v as 'round' | 'rect')}
            data={[
              { value: 'round', label: t('profile.crop.round') },
              { value: 'rect', label: t('profile.crop.rect') },
            ]}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('profile.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={!area}>
            {t('profile.crop.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

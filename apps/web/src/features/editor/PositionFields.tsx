import { useState } from 'react';
import { Group, NumberInput, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Vec3 } from '@atrium/shared';
import { localStore } from '../../browserStorage.ts';

// Spec §2: the inspector reads in metres or inches (the scene itself is always in metres). The axis
// sits beside the number, not in front of its sign: "z -3.88", never "-z 3.88".

type Unit = 'm' | 'in';
const UNIT_KEY = 'atrium.editor.units';
const PER_METRE: Record<Unit, number> = { m: 1, in: 39.3701 };

export function PositionFields({ position, onChange }: { position: Vec3; onChange: (p: Vec3) => void }) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<Unit>(() => (localStore().getItem(UNIT_KEY) === 'in' ? 'in' : 'm'));
  const k = PER_METRE[unit];
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {t('editor.inspector.position')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t('editor.inspector.units')}
          value={unit}
          onChange={(v) => {
            const next = v === 'in' ? 'in' : 'm';
            localStore().setItem(UNIT_KEY, next);
            setUnit(next);
          }}
          data={[
            { value: 'm', label: t('editor.inspector.metres') },
            { value: 'in', label: t('editor.inspector.inches') },
          ]}
        />
      </Group>
      <Group gap={6} grow>
        {(['x', 'y', 'z'] as const).map((axis, i) => (
          <NumberInput
            key={axis}
            aria-label={axis}
            leftSection={
              <Text size="sm" c="dimmed" fw={600} aria-hidden>
                {axis}
              </Text>
            }
            leftSectionWidth={24}
            // Room for "-152.76 in" in a third of the inspector; arrow keys still step.
            hideControls
            suffix={` ${unit}`}
            decimalScale={2}
            step={unit === 'in' ? 1 : 0.1}
            value={Math.round(position[i]! * k * 100) / 100}
            onChange={(v) => {
              if (typeof v !== 'number' || !Number.isFinite(v)) return;
              const next = [...position] as Vec3;
              next[i] = v / k;
              onChange(next);
            }}
          />
        ))}
      </Group>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { ColorSwatch, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { colourToHex, filterColourInput, hexToColour, type ColourFormat } from './colourInput.ts';

/** Spec §5 colour input: hex, rgb or hsl, filtered as typed; only valid values reach the document (as hex). */
export function ColourField({ label, value, onChange, testId }: { label: string; value: string; onChange: (hex: string) => void; testId?: string }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ColourFormat>('hex');
  const [text, setText] = useState(() => hexToColour('hex', value));
  useEffect(() => {
    // Follow outside changes (undo) unless the text already means the same colour.
    setText((cur) => (colourToHex(format, cur) === colourToHex('hex', value) ? cur : hexToColour(format, value)));
  }, [value, format]);
  const valid = colourToHex(format, text) !== null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        value={format}
        data={['hex', 'rgb', 'hsl']}
        onChange={(f) => {
          setFormat(f as ColourFormat);
          setText(hexToColour(f as ColourFormat, colourToHex(format, text) ?? value));
        }}
      />
      <Group gap={8} wrap="nowrap">
        <ColorSwatch color={colourToHex(format, text) ?? value} size={28} />
        <TextInput
          aria-label={label}
          flex={1}
          value={text}
          error={valid ? undefined : t('editor.style.invalidColour')}
          data-testid={testId}
          onChange={(e) => {
            const next = filterColourInput(format, e.currentTarget.value);
            setText(next);
            const hex = colourToHex(format, next);
            if (hex) onChange(hex);
          }}
        />
      </Group>
    </Stack>
  );
}

import { Text, TextInput, type TextInputProps } from '@mantine/core';

/**
 * A subdomain field with the host it lives under shown after it ('.atrium.localhost:3000'), as the
 * spec's General step draws it; the wizard and Settings → General share it. Typed spaces never count.
 */
export function HostSuffixInput({
  suffix,
  onValue,
  ...props
}: Omit<TextInputProps, 'onChange' | 'rightSection' | 'rightSectionWidth'> & { suffix: string; onValue: (value: string) => void }) {
  return (
    <TextInput
      {...props}
      onChange={(e) => onValue(e.currentTarget.value.trim())}
      rightSection={
        <Text size="sm" c="dimmed" pr="xs">
          {suffix}
        </Text>
      }
      rightSectionWidth={Math.min(240, suffix.length * 8 + 16)}
    />
  );
}

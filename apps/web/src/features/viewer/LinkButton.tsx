import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A button that navigates. Inside an embed (someone else's page) it opens Atrium in a new tab
 * instead of replacing the embedded viewer.
 */
export function LinkButton({ to, external, children, ...rest }: ButtonProps & { to: string; external: boolean; children: React.ReactNode }) {
  if (external) {
    return (
      <Button component="a" href={to} target="_blank" rel="noopener" {...rest}>
        {children}
      </Button>
    );
  }
  return (
    <Button component={Link} to={to} {...rest}>
      {children}
    </Button>
  );
}

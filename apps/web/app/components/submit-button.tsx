import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form's submit button, enabled once the page is hydrated: the forms post through scripts, so a
 * click before that would only reload the page.
 */
export function SubmitButton({
  children,
  disabled,
  ...props
}: ButtonProps & { children: ReactNode; 'data-testid'?: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || disabled} {...props}>
      {children}
    </Button>
  );
}

/**
 * What a list or page shows when its data could not be loaded: what failed, the server's reason when there is one
 * (`error`) or a sentence of the caller's, and a Try again button.
 */
import type { ReactNode } from 'react';
import { toApiError } from '../../lib/api';
import { Button, type ButtonVariant } from './button';
import { EmptyState } from './empty-state';

export function LoadFailed({
  title,
  error,
  description = error === undefined ? undefined : toApiError(error).message,
  onRetry,
  retryVariant,
}: {
  title: ReactNode;
  error?: unknown;
  description?: ReactNode;
  onRetry: () => void;
  retryVariant?: ButtonVariant;
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button variant={retryVariant} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

import { DomainError } from '@platform/contracts';

/** A listing's `status` filter: absent (or empty), one of `statuses`, else 400 `invalid_status`. */
export function statusFilter<Status extends string>(
  statuses: readonly Status[],
  status: unknown,
): Status | undefined {
  if (status === undefined || status === '') return undefined;
  const found = statuses.find((candidate) => candidate === status);
  if (found === undefined) {
    throw new DomainError('invalid_status', `status must be ${statuses.join(', ')}`);
  }
  return found;
}

import { DomainError, VERIFICATION_LIST_STATUSES } from '@platform/contracts';

/** The `status` filter of a verifications listing: absent, or one of the listed statuses. */
export function verificationStatusFilter(
  status: unknown,
): (typeof VERIFICATION_LIST_STATUSES)[number] | undefined {
  if (status === undefined || status === '') return undefined;
  if (
    typeof status === 'string' &&
    (VERIFICATION_LIST_STATUSES as readonly string[]).includes(status)
  )
    return status as (typeof VERIFICATION_LIST_STATUSES)[number];
  throw new DomainError(
    'invalid_status',
    `status must be ${VERIFICATION_LIST_STATUSES.join(', ')}`,
  );
}

import { VERIFICATION_LIST_STATUSES } from '@platform/contracts';
import { statusFilter } from '../status-filter';

/** The `status` filter of a verifications listing: absent, or one of the listed statuses. */
export function verificationStatusFilter(
  status: unknown,
): (typeof VERIFICATION_LIST_STATUSES)[number] | undefined {
  return statusFilter(VERIFICATION_LIST_STATUSES, status);
}

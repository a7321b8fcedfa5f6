import { DomainError } from '@platform/contracts';
import type { WithdrawalCommand, WithdrawalEvent, WithdrawalState } from './withdrawal-state';

/**
 * The withdrawal's rules (pure): which events a command leads to in a state. Repeats are
 * harmless: a broadcast, observation or review outcome already taken decides nothing, so every
 * step can be retried after a crash. An observation never moves a withdrawal backwards.
 */
export function decide(
  command: WithdrawalCommand,
  state: WithdrawalState | null,
): WithdrawalEvent[] {
  if (command.type === 'open') {
    if (state !== null) return [];
    return [{ type: 'opened', state: command.state, at: command.at }];
  }
  if (state === null) throw new DomainError('not_found', 'withdrawal not found');
  switch (command.type) {
    case 'record_broadcast':
      return decideBroadcast(command, state);
    case 'record_observation':
      return decideObservation(command, state);
    case 'release_review':
      return decideRelease(command.at, state);
    case 'reject_review':
      return decideReject(command.at, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown withdrawal command ${JSON.stringify(unknown)}`);
    }
  }
}

function decideBroadcast(
  command: Extract<WithdrawalCommand, { type: 'record_broadcast' }>,
  state: WithdrawalState,
): WithdrawalEvent[] {
  if (state.status !== 'pending') return [];
  return [{ type: 'broadcast', tx_id: command.tx_id, at: command.at }];
}

function decideObservation(
  command: Extract<WithdrawalCommand, { type: 'record_observation' }>,
  state: WithdrawalState,
): WithdrawalEvent[] {
  // Only a transfer the chain port took can be observed; a final withdrawal stays as it ended.
  if (state.status !== 'processing' && state.status !== 'pending') return [];
  const { tx_id, at } = command;
  switch (command.status) {
    case 'seen':
      if (state.status === 'processing' && state.tx_id === tx_id) return [];
      return state.status === 'pending'
        ? [{ type: 'broadcast', tx_id, at }]
        : [{ type: 'tx_observed', tx_id, at }];
    case 'confirmed':
      return [{ type: 'completed', tx_id, at }];
    case 'failed':
      return [{ type: 'failed', tx_id, reason: 'chain_failed', at }];
    default: {
      const unknown: never = command.status;
      throw new Error(`unknown observation status ${String(unknown)}`);
    }
  }
}

function decideRelease(at: string, state: WithdrawalState): WithdrawalEvent[] {
  if (state.status === 'in_review') return [{ type: 'review_released', at }];
  if (state.status === 'failed' && state.failure_reason === 'review_rejected') {
    throw new DomainError('already_decided', 'the review of this withdrawal rejected it');
  }
  if (state.review_id === null) {
    throw new DomainError('not_found', 'this withdrawal is not held for review');
  }
  return [];
}

function decideReject(at: string, state: WithdrawalState): WithdrawalEvent[] {
  if (state.status === 'in_review') {
    return [{ type: 'failed', tx_id: null, reason: 'review_rejected', at }];
  }
  if (state.review_id === null) {
    throw new DomainError('not_found', 'this withdrawal is not held for review');
  }
  if (state.status === 'failed' && state.failure_reason === 'review_rejected') return [];
  throw new DomainError('already_decided', 'the review of this withdrawal released it');
}

import { DomainError } from '@platform/contracts';
import {
  evolve,
  type EnvelopeCommand,
  type EnvelopeEvent,
  type EnvelopeSigning,
  type EnvelopeState,
} from './envelope-state';

/**
 * The envelope's rules: what a command changes, as events, or a typed refusal. Checks run in
 * the order a signer can fix them: consent, then whether the envelope can still be signed.
 */
export function decide(command: EnvelopeCommand, state: EnvelopeState | null): EnvelopeEvent[] {
  switch (command.type) {
    case 'create':
      return state ? [] : [{ type: 'created', data: command.data }];
    case 'sign': {
      if (!state) throw new DomainError('not_found', 'no such envelope');
      assertSignable(state, command.data);
      return [{ type: 'signed', data: command.data.signature }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown envelope command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Whether the envelope may be signed now, asked before the signature is rendered and again when
 * it is saved: consent, not signed yet, its template version still the current one.
 */
export function assertSignable(
  state: EnvelopeState,
  signing: Pick<EnvelopeSigning, 'consent' | 'template_superseded'>,
): void {
  if (signing.consent !== true)
    throw new DomainError('invalid_request', 'consent must be true to sign');
  if (state.status === 'signed')
    throw new DomainError('duplicate', 'the envelope is signed already');
  if (signing.template_superseded)
    throw new DomainError(
      'contract_template_superseded',
      'a newer version of the template replaced this one: ask for a new envelope',
    );
}

/** Decides and applies: the events and the state after them. */
export function execute(
  command: EnvelopeCommand,
  state: EnvelopeState | null,
): { events: EnvelopeEvent[]; state: EnvelopeState | null } {
  const events = decide(command, state);
  return { events, state: events.reduce<EnvelopeState | null>(evolve, state) };
}

/**
 * The signer's name as the public page shows it: each word's first letter, the rest masked
 * (`Ana María Pérez` -> `A** M**** P****`), so a holder of the code learns no full name.
 */
export function maskedName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '***';
  return words
    .map((word) => {
      const letters = [...word];
      return `${letters[0]}${'*'.repeat(Math.max(letters.length - 1, 2))}`;
    })
    .join(' ');
}

import { decide, execute, maskedName } from './envelope-decide';
import type { EnvelopeOpening, EnvelopeSignature, EnvelopeState } from './envelope-state';

const opening: EnvelopeOpening = {
  envelope_id: 'env-1',
  org_id: 'org-1',
  account_id: 'acc-1',
  template_id: 'tpl-1',
  template_name: 'services',
  template_version: 1,
  title: 'Services agreement',
  body: 'Between us and Ana.',
  fields: { client_name: 'Ana' },
  sent_by: 'org_admin:adm-1',
  now: '2026-11-25T10:00:00.000Z',
};
const signature: EnvelopeSignature = {
  signed_at: '2026-11-25T11:00:00.000Z',
  signer_name: 'Ana Pérez',
  signer_email: 'ana@example.com',
  code: 'CTR-ABCDEFGHJKMN',
  sha256: 'a'.repeat(64),
  pdf_key: 'contracts/acc-1/env-1/CTR-ABCDEFGHJKMN.pdf',
};

const created = (): EnvelopeState => execute({ type: 'create', data: opening }, null).state!;
const signing = (overrides: Partial<{ consent: unknown; template_superseded: boolean }> = {}) =>
  ({
    type: 'sign',
    data: { consent: true, template_superseded: false, signature, ...overrides },
  }) as const;

/** A refusal with `code` (a DomainError). */
const refused = (code: string) => expect.objectContaining({ name: 'DomainError', code });

describe('contract envelope', () => {
  it('is created pending, and creating it again decides nothing', () => {
    const state = created();
    expect(state).toMatchObject({ status: 'pending', signature: null, created_at: opening.now });
    expect(decide({ type: 'create', data: opening }, state)).toEqual([]);
  });

  it('is signed once, keeping who signed, when and the PDF by code and hash', () => {
    const { events, state } = execute(signing(), created());
    expect(events).toEqual([{ type: 'signed', data: signature }]);
    expect(state).toMatchObject({ status: 'signed', signature, updated_at: signature.signed_at });
    expect(() => decide(signing(), state)).toThrow(refused('duplicate'));
  });

  it('needs literal consent, and a template version that is still current', () => {
    for (const consent of [false, 'true', 1, null, undefined])
      expect(() => decide(signing({ consent }), created())).toThrow(refused('invalid_request'));
    expect(() => decide(signing({ template_superseded: true }), created())).toThrow(
      refused('contract_template_superseded'),
    );
    expect(() => decide(signing(), null)).toThrow(refused('not_found'));
  });

  it('masks the signer name for the public page', () => {
    expect(maskedName('Ana María Pérez')).toBe('A** M**** P****');
    expect(maskedName('  Li  ')).toBe('L**');
    expect(maskedName('')).toBe('***');
    expect(maskedName('Ana María Pérez')).not.toContain('María');
  });
});

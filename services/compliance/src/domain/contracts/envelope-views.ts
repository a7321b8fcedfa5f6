import type { ContractEnvelopeResource } from '@platform/contracts';
import type { EnvelopeState } from './envelope-state';

/** An envelope as the API answers it: the signature's storage key and signer stay inside. */
export function envelopeResourceOf(state: EnvelopeState): ContractEnvelopeResource {
  return {
    envelope_id: state.envelope_id,
    account_id: state.account_id,
    template_id: state.template_id,
    template_name: state.template_name,
    template_version: state.template_version,
    title: state.title,
    status: state.status,
    fields: state.fields,
    created_at: state.created_at,
    signed_at: state.signature?.signed_at ?? null,
    code: state.signature?.code ?? null,
    sha256: state.signature?.sha256 ?? null,
  };
}

/** Where a signed contract is checked, under the deployment's public address. */
export function contractVerifyUrl(base_url: string, code: string): string {
  return `${base_url.replace(/\/+$/, '')}/verify/contracts/${encodeURIComponent(code)}`;
}

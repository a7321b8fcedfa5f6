/**
 * A contract envelope (decisions D11): a template version filled for one account, pending until
 * the account signs it with a drawn signature; the signed PDF is then kept under a public code.
 */
export const ENVELOPE_STATUSES = ['pending', 'signed'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/** What signing kept: who signed, when, and the signed PDF by its code and hash. */
export interface EnvelopeSignature {
  signed_at: string;
  signer_name: string;
  signer_email: string;
  code: string;
  sha256: string;
  pdf_key: string;
}

export interface EnvelopeState {
  envelope_id: string;
  org_id: string;
  account_id: string;
  template_id: string;
  template_name: string;
  template_version: number;
  title: string;
  /** The template's body with the fields filled in: what the account signs. */
  body: string;
  fields: Record<string, string>;
  /** The organization admin who sent it: `org_admin:<admin_id>`. */
  sent_by: string;
  status: EnvelopeStatus;
  signature: EnvelopeSignature | null;
  created_at: string;
  updated_at: string;
}

export type EnvelopeOpening = Omit<
  EnvelopeState,
  'status' | 'signature' | 'created_at' | 'updated_at'
> & { now: string };

export interface EnvelopeSigning {
  /** Whether the signer said yes to signing electronically: only a literal `true` counts. */
  consent: unknown;
  /** Whether a newer version of the envelope's template exists. */
  template_superseded: boolean;
  signature: EnvelopeSignature;
}

export type EnvelopeCommand =
  { type: 'create'; data: EnvelopeOpening } | { type: 'sign'; data: EnvelopeSigning };

export type EnvelopeEvent =
  { type: 'created'; data: EnvelopeOpening } | { type: 'signed'; data: EnvelopeSignature };

/** The state after one event; `null` is the envelope before it was created. */
export function evolve(state: EnvelopeState | null, event: EnvelopeEvent): EnvelopeState {
  switch (event.type) {
    case 'created': {
      const { now, ...opening } = event.data;
      return { ...opening, status: 'pending', signature: null, created_at: now, updated_at: now };
    }
    case 'signed': {
      if (!state) throw new Error('signed before the envelope was created');
      return {
        ...state,
        status: 'signed',
        signature: event.data,
        updated_at: event.data.signed_at,
      };
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown envelope event ${JSON.stringify(unknown)}`);
    }
  }
}

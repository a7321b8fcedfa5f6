import { renderContractPdf, type ContractDocument } from '@platform/documents';
import type { ContractTemplateField } from '@platform/contracts';
import type { EnvelopeState } from '../../domain/contracts/envelope-state';

const PLATFORM_NAME = 'Payments Platform';

const LABELS: ContractDocument['labels'] = {
  fields: 'Details',
  signature: 'Signature',
  signer: 'Signed by',
  signed_at: 'Signed at',
  code: 'Verification code',
  verify: 'Verify at',
  unsigned: 'Not signed yet',
};

/** What signing adds to the page: the drawn image, who signed, when, and where to check it. */
export type PrintedSignature = NonNullable<ContractDocument['signature']>;

/**
 * The envelope's PDF: its filled text and fields (labelled as the template names them), with
 * the signature block when signed, or an empty signature box for the preview.
 */
export function renderEnvelopePdf(
  state: EnvelopeState,
  template_fields: readonly Pick<ContractTemplateField, 'name' | 'label'>[],
  signature: PrintedSignature | null,
): Promise<Buffer> {
  // In the template's order (the stored fields are a JSON object, whose key order is not kept).
  const declared = template_fields.filter((field) => Object.hasOwn(state.fields, field.name));
  const rows = declared.length
    ? declared.map((field) => [field.label, state.fields[field.name] ?? ''] as const)
    : Object.entries(state.fields);
  return renderContractPdf({
    platform_name: PLATFORM_NAME,
    title: state.title,
    body: state.body,
    fields: rows,
    signature,
    labels: LABELS,
  });
}

import type { Locale } from '../../http';

/** The words of the public contract verification page in each platform language. */
export const CONTRACT_PAGE_TEXT: Record<
  Locale,
  {
    kicker: string;
    title: string;
    signed: string;
    signed_body: string;
    contract: string;
    signer: string;
    signed_at: string;
    code: string;
    sha256: string;
    how_to: string;
  }
> = {
  en: {
    kicker: 'Contract verification',
    title: 'Signed contract',
    signed: 'Signed',
    signed_body: 'This code belongs to a contract signed electronically on this platform.',
    contract: 'Contract',
    signer: 'Signed by',
    signed_at: 'Signed at',
    code: 'Verification code',
    sha256: 'PDF fingerprint (SHA-256)',
    how_to:
      "Compare the fingerprint with your copy's SHA-256 (for example, sha256sum contract.pdf): " +
      'if they differ, the copy is not the signed document.',
  },
  es: {
    kicker: 'Verificación de contrato',
    title: 'Contrato firmado',
    signed: 'Firmado',
    signed_body: 'Este código pertenece a un contrato firmado electrónicamente en esta plataforma.',
    contract: 'Contrato',
    signer: 'Firmado por',
    signed_at: 'Firmado el',
    code: 'Código de verificación',
    sha256: 'Huella del PDF (SHA-256)',
    how_to:
      'Compare la huella con el SHA-256 de su copia (por ejemplo, sha256sum contrato.pdf): ' +
      'si no coinciden, la copia no es el documento firmado.',
  },
  zh: {
    kicker: '合同验证',
    title: '已签署的合同',
    signed: '已签署',
    signed_body: '此验证码属于在本平台以电子方式签署的合同。',
    contract: '合同',
    signer: '签署人',
    signed_at: '签署时间',
    code: '验证码',
    sha256: 'PDF 指纹 (SHA-256)',
    how_to:
      '请将此指纹与您副本的 SHA-256 比较（例如 sha256sum contract.pdf）：若不一致，该副本不是已签署的文件。',
  },
};

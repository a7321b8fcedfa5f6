import type { Locale } from '../../http';

/** The words of the public seal page and badge in each platform language. */
export const SEAL_PAGE_TEXT = {
  en: {
    kicker: 'Credit seal verification',
    title: 'Company credit seal',
    badge_name: 'Credit seal',
    statuses: { valid: 'Valid', revoked: 'Revoked', expired: 'Expired' },
    valid_body:
      'This company holds a credit rating in band {band}, from an independent evaluation.',
    revoked_body: 'The company withdrew this seal. It no longer attests its credit standing.',
    expired_body: 'The evaluation behind this seal is more than 90 days old. It no longer applies.',
    company: 'Company',
    country: 'Country',
    tax_id: 'Tax ID',
    band: 'Credit band',
    evaluated: 'Evaluated on',
    issued: 'Issued on',
    expires: 'Valid until',
    revoked: 'Revoked on',
    code: 'Seal code',
    bands: { A: 'Excellent', B: 'Good', C: 'Fair', D: 'Poor', E: 'Very poor' } as Record<
      string,
      string
    >,
    about:
      'Seals are issued only to verified companies rated in band A or B, for 90 days after ' +
      'the evaluation. Check this page, not a copy of the badge.',
  },
  es: {
    kicker: 'Verificación de sello crediticio',
    title: 'Sello crediticio de empresa',
    badge_name: 'Sello crediticio',
    statuses: { valid: 'Vigente', revoked: 'Revocado', expired: 'Vencido' },
    valid_body:
      'Esta empresa tiene una calificación crediticia en la banda {band}, según una evaluación independiente.',
    revoked_body: 'La empresa retiró este sello. Ya no acredita su solvencia.',
    expired_body: 'La evaluación de este sello tiene más de 90 días. Ya no es válida.',
    company: 'Empresa',
    country: 'País',
    tax_id: 'ID fiscal',
    band: 'Banda crediticia',
    evaluated: 'Evaluada el',
    issued: 'Emitido el',
    expires: 'Vigente hasta',
    revoked: 'Revocado el',
    code: 'Código del sello',
    bands: { A: 'Excelente', B: 'Buena', C: 'Regular', D: 'Baja', E: 'Muy baja' } as Record<
      string,
      string
    >,
    about:
      'Los sellos se otorgan solo a empresas verificadas con banda A o B, por 90 días desde la ' +
      'evaluación. Consulte esta página, no una copia de la insignia.',
  },
  zh: {
    kicker: '信用标识验证',
    title: '企业信用标识',
    badge_name: '信用标识',
    statuses: { valid: '有效', revoked: '已撤销', expired: '已过期' },
    valid_body: '根据独立评估，该企业的信用等级为 {band} 级。',
    revoked_body: '该企业已撤回此标识，它不再证明其信用状况。',
    expired_body: '此标识所依据的评估已超过 90 天，不再适用。',
    company: '企业',
    country: '国家',
    tax_id: '税号',
    band: '信用等级',
    evaluated: '评估日期',
    issued: '签发日期',
    expires: '有效期至',
    revoked: '撤销日期',
    code: '标识编号',
    bands: { A: '优秀', B: '良好', C: '一般', D: '较差', E: '很差' } as Record<string, string>,
    about:
      '信用标识仅授予信用等级为 A 或 B 的已验证企业，自评估起 90 天内有效。请以本页面为准，而非标识图片的副本。',
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type SealPageText = (typeof SEAL_PAGE_TEXT)[Locale];

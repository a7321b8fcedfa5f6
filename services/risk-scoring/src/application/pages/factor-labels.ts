import type { PlatformLocale } from '@platform/contracts';

/** How a report names a scoring factor and explains it to the person reading. */
export interface FactorText {
  title: string;
  explanation: string;
}

/**
 * A factor's title, and its explanation with `{n}` standing for the one figure the scorecard's
 * own (English) description carries. English keeps the scorecard's description as it is.
 */
interface FactorEntry {
  title: string;
  explanation?: string;
}

/** The scorecard's factors (docs/credit-scoring.md) in each platform language. */
const FACTOR_TEXT: Record<PlatformLocale, Record<string, FactorEntry>> = {
  en: {
    bureau_score: { title: 'Credit bureau score' },
    delinquencies: { title: 'Late payments' },
    short_credit_history: { title: 'Short credit history' },
    recent_inquiries: { title: 'Recent credit inquiries' },
    platform_payouts_completed: { title: 'Payments received on this platform' },
    platform_payouts_failed: { title: 'Failed payments on this platform' },
    platform_payins_credited: { title: 'Payments made on this platform' },
    platform_verified_holder: { title: 'Verified account holder' },
  },
  es: {
    bureau_score: {
      title: 'Puntaje del buró de crédito',
      explanation: 'El buró califica al sujeto con {n}; es el puntaje base.',
    },
    delinquencies: {
      title: 'Pagos atrasados',
      explanation: 'Se informaron {n} pago(s) atrasado(s) en los últimos 12 meses.',
    },
    short_credit_history: {
      title: 'Historial crediticio corto',
      explanation: 'Un historial crediticio de solo {n} mes(es).',
    },
    recent_inquiries: {
      title: 'Consultas de crédito recientes',
      explanation: '{n} consultas de crédito en los últimos 6 meses.',
    },
    platform_payouts_completed: {
      title: 'Pagos recibidos en esta plataforma',
      explanation: '{n} pago(s) recibido(s) en esta plataforma se completaron.',
    },
    platform_payouts_failed: {
      title: 'Pagos fallidos en esta plataforma',
      explanation: '{n} pago(s) a este sujeto fallaron en esta plataforma.',
    },
    platform_payins_credited: {
      title: 'Pagos realizados en esta plataforma',
      explanation: '{n} pago(s) hecho(s) por este sujeto en esta plataforma se acreditaron.',
    },
    platform_verified_holder: {
      title: 'Titular de cuenta verificada',
      explanation: 'El sujeto tiene una cuenta verificada en esta plataforma.',
    },
  },
  zh: {
    bureau_score: {
      title: '征信机构评分',
      explanation: '征信机构对该主体的评分为 {n}，作为基础评分。',
    },
    delinquencies: { title: '逾期付款', explanation: '过去 12 个月内报告了 {n} 次逾期付款。' },
    short_credit_history: { title: '信用记录较短', explanation: '信用记录仅有 {n} 个月。' },
    recent_inquiries: { title: '近期信用查询', explanation: '过去 6 个月内有 {n} 次信用查询。' },
    platform_payouts_completed: {
      title: '在本平台收到的付款',
      explanation: '在本平台收到的 {n} 笔付款已完成。',
    },
    platform_payouts_failed: {
      title: '在本平台失败的付款',
      explanation: '在本平台向该主体支付的 {n} 笔付款失败。',
    },
    platform_payins_credited: {
      title: '在本平台完成的付款',
      explanation: '该主体在本平台支付的 {n} 笔款项已入账。',
    },
    platform_verified_holder: {
      title: '已验证的账户持有人',
      explanation: '该主体在本平台持有已验证的账户。',
    },
  },
};

/** `late_payments` as `Late payments`: a title for a factor no catalog names yet. */
function humanized(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A factor in `locale`. The explanation fills `{n}` with the figure of the scorecard's
 * description; a description without one, or a code the catalog lacks, keeps the description.
 */
export function factorText(locale: PlatformLocale, code: string, description: string): FactorText {
  const entry = FACTOR_TEXT[locale][code];
  const title = entry?.title ?? FACTOR_TEXT.en[code]?.title ?? humanized(code);
  const template = entry?.explanation;
  if (!template) return { title, explanation: description };
  const figure = /-?\d+/.exec(description)?.[0];
  if (template.includes('{n}') && figure === undefined) return { title, explanation: description };
  return { title, explanation: template.replace('{n}', figure ?? '') };
}

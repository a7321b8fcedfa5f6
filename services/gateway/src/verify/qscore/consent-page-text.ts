import type { Locale } from '../../http';

/** The words of the public consent page (credit scoring) in each platform language. */
export const CONSENT_PAGE_TEXT = {
  en: {
    title: 'Credit report authorization',
    kicker: 'Payments Platform · Credit scoring',
    someone: 'A company',
    asks: 'asks for your permission to consult your credit report.',
    what_title: 'What they will see',
    what_body:
      'Your credit score, its band and the factors that explain it, made from credit bureau ' +
      'records and your payment history on this platform. They see nothing else and cannot ' +
      'move money.',
    purpose: 'Purpose',
    subject: 'Subject',
    country: 'Country',
    document: 'Document',
    valid_until: 'Valid until',
    authorize: 'Authorize',
    decline: 'Decline',
    working: 'Sending…',
    note: 'You can decline now, or ask them to revoke the authorization later.',
    granted_title: 'Authorization granted',
    granted_body: 'Thank you. The requester can now consult your credit report for this purpose.',
    revoked_title: 'Authorization declined',
    revoked_body: 'This request was declined or withdrawn. Nobody can use it to see your report.',
    expired_title: 'This link has expired',
    expired_body: 'The request was not answered in time. Ask the requester for a new link.',
    already_decided: 'This request was already answered. Reload the page to see its state.',
    error_generic: 'Something went wrong. Please try again.',
    subject_types: { person: 'Person', company: 'Company' } as Record<string, string>,
    purposes: {
      credit_evaluation: 'Credit evaluation',
      tenant_screening: 'Tenant screening',
      hiring: 'Hiring',
      supplier_onboarding: 'Supplier onboarding',
      other: 'Other',
    } as Record<string, string>,
    secure: 'Secure page · no sign-in needed',
  },
  es: {
    title: 'Autorización de informe de crédito',
    kicker: 'Payments Platform · Scoring crediticio',
    someone: 'Una empresa',
    asks: 'le pide permiso para consultar su informe de crédito.',
    what_title: 'Qué podrá ver',
    what_body:
      'Su puntaje de crédito, su banda y los factores que lo explican, calculados con los ' +
      'registros del buró de crédito y su historial de pagos en esta plataforma. No verá nada ' +
      'más ni podrá mover dinero.',
    purpose: 'Finalidad',
    subject: 'Titular',
    country: 'País',
    document: 'Documento',
    valid_until: 'Válido hasta',
    authorize: 'Autorizar',
    decline: 'Rechazar',
    working: 'Enviando…',
    note: 'Puede rechazar ahora, o pedir más adelante que revoquen la autorización.',
    granted_title: 'Autorización otorgada',
    granted_body:
      'Gracias. El solicitante ya puede consultar su informe de crédito para esta finalidad.',
    revoked_title: 'Autorización rechazada',
    revoked_body:
      'Esta solicitud fue rechazada o retirada. Nadie puede usarla para ver su informe.',
    expired_title: 'Este enlace venció',
    expired_body: 'La solicitud no se respondió a tiempo. Pida un enlace nuevo al solicitante.',
    already_decided: 'Esta solicitud ya fue respondida. Recargue la página para ver su estado.',
    error_generic: 'Algo salió mal. Inténtelo de nuevo.',
    subject_types: { person: 'Persona', company: 'Empresa' } as Record<string, string>,
    purposes: {
      credit_evaluation: 'Evaluación crediticia',
      tenant_screening: 'Evaluación de inquilinos',
      hiring: 'Contratación de personal',
      supplier_onboarding: 'Alta de proveedores',
      other: 'Otra',
    } as Record<string, string>,
    secure: 'Página segura · no necesita iniciar sesión',
  },
  zh: {
    title: '信用报告授权',
    kicker: 'Payments Platform · 信用评分',
    someone: '一家企业',
    asks: '请求您允许查询您的信用报告。',
    what_title: '对方将看到的内容',
    what_body:
      '您的信用评分、等级以及解释评分的因素，依据征信机构记录和您在本平台上的付款记录得出。' +
      '对方看不到其他任何信息，也无法转移资金。',
    purpose: '用途',
    subject: '主体',
    country: '国家',
    document: '证件',
    valid_until: '有效期至',
    authorize: '授权',
    decline: '拒绝',
    working: '正在发送…',
    note: '您可以现在拒绝，也可以日后要求对方撤销授权。',
    granted_title: '已授权',
    granted_body: '谢谢。申请方现在可以为此用途查询您的信用报告。',
    revoked_title: '已拒绝授权',
    revoked_body: '此请求已被拒绝或撤回，任何人都无法用它查看您的报告。',
    expired_title: '此链接已过期',
    expired_body: '请求未在有效期内答复。请向申请方索取新的链接。',
    already_decided: '此请求已答复。请刷新页面查看其状态。',
    error_generic: '出现问题，请重试。',
    subject_types: { person: '个人', company: '企业' } as Record<string, string>,
    purposes: {
      credit_evaluation: '信用评估',
      tenant_screening: '租客审查',
      hiring: '招聘',
      supplier_onboarding: '供应商准入',
      other: '其他',
    } as Record<string, string>,
    secure: '安全页面 · 无需登录',
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type ConsentPageText = (typeof CONSENT_PAGE_TEXT)[Locale];

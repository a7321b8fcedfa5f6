import type { TrackKind } from '@platform/contracts';
import type { Locale } from '../../http';

interface TrackPageText {
  kicker: string;
  titles: Record<TrackKind, string>;
  statuses: Record<string, string>;
  /** One line under the status, by status; `{date}` is the date it applies to. */
  explanations: Record<string, string>;
  created: string;
  updated: string;
  finished: string;
  expires: string;
  privacy: string;
  footer: string;
}

/** The words of the public track page in each platform language. */
export const TRACK_PAGE_TEXT: Record<Locale, TrackPageText> = {
  en: {
    kicker: 'Payment tracking',
    titles: { payout: 'Transfer status', payin: 'Payment status' },
    statuses: {
      pending: 'Pending',
      in_review: 'In review',
      processing: 'On its way',
      completed: 'Delivered',
      failed: 'Failed',
      credited: 'Received',
      expired: 'Expired',
      unassigned: 'Being matched',
    },
    explanations: {
      pending: 'The payment was created and has not been processed yet.',
      in_review: 'The payment is being reviewed before it is sent.',
      processing: 'The payment was sent and is on its way to the receiving bank.',
      completed: 'The payment reached its destination.',
      failed: 'The payment could not be completed. The sender has been informed.',
      credited: 'The payment was received and credited.',
      expired: 'The payment was not made before its deadline.',
      unassigned: 'The payment arrived and is being matched to its recipient.',
    },
    created: 'Created',
    updated: 'Last update',
    finished: 'Finished',
    expires: 'Pay before',
    privacy: 'This page shows the status and dates only. It never shows names or account numbers.',
    footer: 'Times are shown in UTC.',
  },
  es: {
    kicker: 'Seguimiento de pago',
    titles: { payout: 'Estado de la transferencia', payin: 'Estado del pago' },
    statuses: {
      pending: 'Pendiente',
      in_review: 'En revisión',
      processing: 'En camino',
      completed: 'Entregado',
      failed: 'Fallido',
      credited: 'Recibido',
      expired: 'Vencido',
      unassigned: 'En conciliación',
    },
    explanations: {
      pending: 'El pago fue creado y todavía no se procesó.',
      in_review: 'El pago está en revisión antes de enviarse.',
      processing: 'El pago fue enviado y está en camino al banco de destino.',
      completed: 'El pago llegó a su destino.',
      failed: 'El pago no pudo completarse. Se informó a quien lo envió.',
      credited: 'El pago fue recibido y acreditado.',
      expired: 'El pago no se realizó antes del vencimiento.',
      unassigned: 'El pago llegó y se está asignando a su destinatario.',
    },
    created: 'Creado',
    updated: 'Última actualización',
    finished: 'Finalizado',
    expires: 'Pagar antes de',
    privacy:
      'Esta página muestra solo el estado y las fechas. Nunca muestra nombres ni números de cuenta.',
    footer: 'Los horarios se muestran en UTC.',
  },
  zh: {
    kicker: '付款追踪',
    titles: { payout: '转账状态', payin: '付款状态' },
    statuses: {
      pending: '待处理',
      in_review: '审核中',
      processing: '处理中',
      completed: '已到账',
      failed: '失败',
      credited: '已收款',
      expired: '已过期',
      unassigned: '匹配中',
    },
    explanations: {
      pending: '付款已创建，尚未处理。',
      in_review: '付款在发出前正在审核。',
      processing: '付款已发出，正在送达收款银行。',
      completed: '付款已到达目的地。',
      failed: '付款未能完成，已通知付款方。',
      credited: '付款已收到并入账。',
      expired: '付款未在截止时间前完成。',
      unassigned: '付款已到达，正在匹配收款人。',
    },
    created: '创建时间',
    updated: '最近更新',
    finished: '完成时间',
    expires: '付款截止',
    privacy: '本页面仅显示状态和日期，从不显示姓名或账号。',
    footer: '时间以 UTC 显示。',
  },
};

import type { WalletSendStatus } from '../../domain/wallet-sends/wallet-send';

export const RECEIPT_LOCALES = ['en', 'es', 'zh'] as const;
export type ReceiptLocale = (typeof RECEIPT_LOCALES)[number];

export interface SendReceiptLabels {
  title: string;
  issued_by: string;
  status: Record<WalletSendStatus, string>;
  receipt_number: string;
  date: string;
  network: string;
  wallet: string;
  from_address: string;
  to_address: string;
  amount: string;
  network_fee: string;
  transaction: string;
  not_yet_on_chain: string;
  your_reference: string;
  footer: string;
  networks: Record<'tron' | 'eth' | 'btc', string>;
}

/** A segregated wallet send's receipt in each supported language (spec §1: PDFs are localized). */
export const SEND_RECEIPT_LABELS: Record<ReceiptLocale, SendReceiptLabels> = {
  en: {
    title: 'On-chain transfer receipt',
    issued_by: 'Issued by',
    status: {
      pending: 'Transfer submitted, waiting for the network',
      broadcast: 'Transfer in a block, waiting for confirmations',
      completed: 'Transfer confirmed on chain',
      failed: 'Transfer failed on chain',
    },
    receipt_number: 'Receipt number',
    date: 'Date (UTC)',
    network: 'Network',
    wallet: 'Wallet',
    from_address: 'From address',
    to_address: 'To address',
    amount: 'Amount sent',
    network_fee: 'Network fee (paid by the wallet)',
    transaction: 'Transaction id',
    not_yet_on_chain: 'not on chain yet',
    your_reference: 'Your reference',
    footer:
      'This receipt records a transfer signed with the key of your segregated wallet. Anyone can check the transaction id on a block explorer of the network.',
    networks: { tron: 'TRON', eth: 'Ethereum', btc: 'Bitcoin' },
  },
  es: {
    title: 'Comprobante de transferencia en cadena',
    issued_by: 'Emitido por',
    status: {
      pending: 'Transferencia enviada, a la espera de la red',
      broadcast: 'Transferencia en un bloque, a la espera de confirmaciones',
      completed: 'Transferencia confirmada en la cadena',
      failed: 'La transferencia falló en la cadena',
    },
    receipt_number: 'Número de comprobante',
    date: 'Fecha (UTC)',
    network: 'Red',
    wallet: 'Billetera',
    from_address: 'Dirección de origen',
    to_address: 'Dirección de destino',
    amount: 'Monto enviado',
    network_fee: 'Comisión de red (pagada por la billetera)',
    transaction: 'Id de transacción',
    not_yet_on_chain: 'aún no está en la cadena',
    your_reference: 'Su referencia',
    footer:
      'Este comprobante registra una transferencia firmada con la clave de su billetera segregada. Cualquiera puede verificar el id de transacción en un explorador de bloques de la red.',
    networks: { tron: 'TRON', eth: 'Ethereum', btc: 'Bitcoin' },
  },
  zh: {
    title: '链上转账回执',
    issued_by: '签发方',
    status: {
      pending: '转账已提交，等待网络处理',
      broadcast: '转账已进入区块，等待确认',
      completed: '转账已在链上确认',
      failed: '链上转账失败',
    },
    receipt_number: '回执编号',
    date: '日期（UTC）',
    network: '网络',
    wallet: '钱包',
    from_address: '付款地址',
    to_address: '收款地址',
    amount: '转出金额',
    network_fee: '网络手续费（由钱包支付）',
    transaction: '交易编号',
    not_yet_on_chain: '尚未上链',
    your_reference: '您的参考号',
    footer:
      '本回执记录了一笔由您的独立钱包密钥签名的转账。任何人都可以在该网络的区块浏览器上查询此交易编号。',
    networks: { tron: 'TRON', eth: '以太坊', btc: '比特币' },
  },
};

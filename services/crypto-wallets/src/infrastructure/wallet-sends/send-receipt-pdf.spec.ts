import type { WalletSend } from '../../domain/wallet-sends/wallet-send';
import { RECEIPT_LOCALES, SEND_RECEIPT_LABELS } from './send-receipt-labels';
import { renderSendReceiptPdf } from './send-receipt-pdf';

const SEND: WalletSend = {
  send_id: '5b0d1c2e-7a43-4c1f-9a55-0f3b2d8e6a10',
  wallet_id: '0d6c1f0e-3b9a-4d61-8c11-2f4e5a6b7c8d',
  account_id: '1a2b3c4d-0000-4000-8000-000000000001',
  chain: 'eth',
  asset: 'USDC',
  from_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '12.500000',
  network_fee: '0.0021',
  idempotency_key: 'invoice-2026-118',
  status: 'completed',
  tx_id: '0x9f2c6a3bd51e44c0b7a8e1f2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f40',
  failure_reason: null,
};

describe('renderSendReceiptPdf', () => {
  it.each(RECEIPT_LOCALES)('renders a one-page receipt titled in %s', async (locale) => {
    const pdf = await renderSendReceiptPdf(
      {
        send: SEND,
        wallet_label: 'Treasury',
        created_at: '2026-11-25T06:10:00.000Z',
        organization_name: 'Acme Ltd',
      },
      locale,
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/Type \/Pages\s*\/Count 1\b/);
    // The Title metadata: plain text for en and es; zh is written as escaped UTF-16 and only
    // its font is checked here (the page itself was checked as an image when it was written).
    if (locale !== 'zh')
      expect(text).toContain(`(${SEND_RECEIPT_LABELS[locale].title} ${SEND.send_id})`);
    if (locale === 'zh') expect(text).toContain('NotoSans');
  });

  it('shows a send not yet on chain without a transaction id', async () => {
    const pdf = await renderSendReceiptPdf(
      {
        send: { ...SEND, status: 'pending', tx_id: null },
        wallet_label: null,
        created_at: '2026-11-25T06:10:00.000Z',
        organization_name: null,
      },
      'en',
    );
    expect(pdf.length).toBeGreaterThan(1000);
  });
});

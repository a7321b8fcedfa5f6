import { nextTransferStatus, transferStatusOf } from './wallet-transfers';

describe('segregated wallet transfers', () => {
  it('reads seen as pending, and confirmed and failed as themselves', () => {
    expect(transferStatusOf('seen')).toBe('pending');
    expect(transferStatusOf('confirmed')).toBe('confirmed');
    expect(transferStatusOf('failed')).toBe('failed');
  });

  it('moves a pending transfer on, and never takes a final one back', () => {
    expect(nextTransferStatus('pending', 'confirmed')).toBe('confirmed');
    expect(nextTransferStatus('pending', 'failed')).toBe('failed');
    expect(nextTransferStatus('confirmed', 'pending')).toBe('confirmed');
    expect(nextTransferStatus('failed', 'confirmed')).toBe('failed');
  });
});

import { DomainError } from '@platform/contracts';
import { classifyMovement, type SeenTransfer, type WatchedWallet } from './external-movements';
import { parseCoinAmount, rawAmount } from './coin-amount';
import { requireGas } from './gas';
import { readSendRequest, sameSend, type SendingWallet } from './send-request';
import { decideSend, evolveSend, type WalletSend, type WalletSendCommand } from './wallet-send';

const ETH_WALLET: SendingWallet = {
  chain: 'eth',
  asset: 'USDC',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  network: 'testnet',
};
const DESTINATION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('readSendRequest', () => {
  it('answers the canonical address and amount', () => {
    const request = readSendRequest(
      { to_address: DESTINATION.toLowerCase(), amount: '12.5', idempotency_key: 'send-1' },
      ETH_WALLET,
    );
    expect(request).toEqual({
      to_address: DESTINATION,
      amount: '12.500000',
      idempotency_key: 'send-1',
    });
    expect(sameSend(request, { ...request, idempotency_key: 'other' })).toBe(true);
    expect(sameSend(request, { ...request, amount: '12.600000' })).toBe(false);
  });

  it.each([
    [
      { to_address: 'TJAAinkKN2h9KxtBZXw6SyL7HwCQXnzFsE', amount: '1', idempotency_key: 'k' },
      'invalid_payload',
    ],
    [{ to_address: ETH_WALLET.address, amount: '1', idempotency_key: 'k' }, 'invalid_payload'],
    [{ to_address: 42, amount: '1', idempotency_key: 'k' }, 'invalid_payload'],
    [{ to_address: DESTINATION, amount: '0', idempotency_key: 'k' }, 'invalid_amount'],
    [{ to_address: DESTINATION, amount: '1.1234567', idempotency_key: 'k' }, 'invalid_amount'],
    [
      { to_address: DESTINATION, amount: '1234567890123456', idempotency_key: 'k' },
      'invalid_amount',
    ],
    [{ to_address: DESTINATION, amount: '1' }, 'idempotency_key_required'],
  ])('refuses %j with %s', (body, code) => {
    expect(refusal(() => readSendRequest(body, ETH_WALLET))).toBe(code);
  });

  it("keeps the auto-forward prefix for the platform's own sends", () => {
    const body = { to_address: DESTINATION, amount: '1', idempotency_key: 'auto-forward:m-1' };
    expect(refusal(() => readSendRequest(body, ETH_WALLET))).toBe('reserved_idempotency_key');
    expect(readSendRequest(body, ETH_WALLET, 'platform').idempotency_key).toBe('auto-forward:m-1');
  });
});

describe('gas', () => {
  it('lets a send through when the native coin covers the fee, refuses it otherwise', () => {
    expect(() =>
      requireGas({ chain: 'eth', native_balance: '0.002', network_fee: '0.0021' }),
    ).toThrow(expect.objectContaining({ code: 'insufficient_gas' }));
    expect(() =>
      requireGas({ chain: 'eth', native_balance: '0.0021', network_fee: '0.0021' }),
    ).not.toThrow();
  });

  it('reads native coin amounts at the coin precision', () => {
    expect(parseCoinAmount('tron', '1.5')).toBe('1.500000');
    expect(parseCoinAmount('eth', '0.000000000000000001')).toBe('0.000000000000000001');
    expect(refusal(() => parseCoinAmount('tron', '0.0000001'))).toBe('invalid_amount');
    expect(refusal(() => parseCoinAmount('btc', '1e3'))).toBe('invalid_amount');
    expect(refusal(() => parseCoinAmount('btc', 3))).toBe('invalid_amount');
  });
});

describe('wallet send lifecycle', () => {
  const pending: WalletSend = {
    send_id: 'send-1',
    wallet_id: 'wallet-1',
    account_id: 'account-1',
    chain: 'eth',
    asset: 'USDC',
    from_address: ETH_WALLET.address,
    to_address: DESTINATION,
    amount: '12.500000',
    network_fee: '0.0021',
    idempotency_key: 'send-1',
    status: 'pending',
    tx_id: null,
    failure_reason: null,
  };
  const apply = (send: WalletSend, command: WalletSendCommand) =>
    decideSend(command, send).reduce(evolveSend, send);

  it('goes pending, broadcast, completed, and a repeated observation changes nothing', () => {
    const broadcast = apply(pending, { type: 'record_broadcast', tx_id: '0xabc' });
    expect(broadcast).toMatchObject({ status: 'broadcast', tx_id: '0xabc' });
    expect(decideSend({ type: 'record_broadcast', tx_id: '0xabc' }, broadcast)).toEqual([]);
    const completed = apply(broadcast, { type: 'record_confirmation', tx_id: '0xabc' });
    expect(completed.status).toBe('completed');
    expect(decideSend({ type: 'record_confirmation', tx_id: '0xabc' }, completed)).toEqual([]);
    expect(
      decideSend({ type: 'record_failure', tx_id: '0xabc', reason: 'late' }, completed),
    ).toEqual([]);
  });

  it('completes on a confirmation seen first, and fails with its reason', () => {
    expect(apply(pending, { type: 'record_confirmation', tx_id: '0xabc' })).toMatchObject({
      status: 'completed',
      tx_id: '0xabc',
    });
    expect(
      apply(pending, { type: 'record_failure', tx_id: null, reason: 'reverted' }),
    ).toMatchObject({
      status: 'failed',
      failure_reason: 'reverted',
    });
  });

  it('refuses an observation of another transaction for the same send', () => {
    const broadcast = apply(pending, { type: 'record_broadcast', tx_id: '0xabc' });
    expect(() => decideSend({ type: 'record_confirmation', tx_id: '0xdef' }, broadcast)).toThrow(
      /not 0xdef/,
    );
  });
});

describe('classifyMovement', () => {
  const wallet: WatchedWallet = {
    wallet_id: 'wallet-1',
    account_id: 'account-1',
    chain: 'eth',
    asset: 'USDC',
    address: ETH_WALLET.address,
    custody: 'platform',
  };
  const transfer = (change: Partial<SeenTransfer>): SeenTransfer => ({
    chain: 'eth',
    asset: 'USDC',
    tx_id: '0xabc',
    from_address: DESTINATION,
    to_address: ETH_WALLET.address,
    amount: '5.000000',
    reference: null,
    ...change,
  });

  it('reads money arriving as a deposit and the platform’s own send as its own', () => {
    expect(classifyMovement(wallet, transfer({}))?.kind).toBe('deposit_received');
    const own = transfer({
      from_address: wallet.address,
      to_address: DESTINATION,
      reference: 'send-1',
    });
    expect(classifyMovement(wallet, own)?.kind).toBe('own_send');
  });

  it('suspects a compromised key for an unsigned outflow of a platform-custody wallet only', () => {
    const outflow = transfer({ from_address: wallet.address, to_address: DESTINATION });
    expect(classifyMovement(wallet, outflow)).toMatchObject({
      kind: 'external_outflow',
      compromise_suspected: true,
    });
    expect(classifyMovement({ ...wallet, custody: 'client' }, outflow)).toMatchObject({
      kind: 'external_outflow',
      compromise_suspected: false,
    });
  });

  it('reads native coin arriving as an external inflow, and its outflow as external', () => {
    expect(classifyMovement(wallet, transfer({ asset: 'ETH' }))?.kind).toBe('external_inflow');
    const out = transfer({ asset: 'ETH', from_address: wallet.address, to_address: DESTINATION });
    expect(classifyMovement(wallet, out)?.kind).toBe('external_outflow');
  });

  it('ignores other assets, chains and addresses', () => {
    expect(classifyMovement(wallet, transfer({ asset: 'TRX' }))).toBeNull();
    expect(classifyMovement(wallet, transfer({ asset: 'USDT' }))).toBeNull();
    expect(classifyMovement(wallet, transfer({ to_address: DESTINATION }))).toBeNull();
  });
});

describe('rawAmount', () => {
  it('counts smallest units of tokens and native coins', () => {
    expect(rawAmount('USDT', '1.5')).toBe('1500000');
    expect(rawAmount('ETH', '0.00042')).toBe('420000000000000');
    expect(rawAmount('TRX', '13.5')).toBe('13500000');
    expect(() => rawAmount('USDC', '0.0000001')).toThrow(/smallest unit/);
  });
});

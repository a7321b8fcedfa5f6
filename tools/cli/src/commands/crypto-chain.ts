import type { Command } from 'commander';
import { adminCall, type AdminTarget } from '../admin-client';

/**
 * `platform crypto broadcasts|broadcast-tx|observe`: the operator's feed of the live chain
 * (decisions D9). The platform reaches no chain: the operator signs and sends the pending
 * broadcasts elsewhere, reports each one's tx id, and reports what they see on chain.
 */
export function registerCryptoChain(program: Command, target: () => AdminTarget): void {
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const crypto = program.command('crypto').description('the live chain feed (crypto wallets)');
  crypto
    .command('broadcasts')
    .description('list the broadcasts waiting for a tx id, oldest first')
    .option('--limit <n>', 'how many', '100')
    .action(async (o: { limit: string }) => {
      const query = new URLSearchParams({ limit: o.limit });
      print(await adminCall(target(), 'GET', `/admin/v1/crypto/broadcasts?${query.toString()}`));
    });
  crypto
    .command('broadcast-tx')
    .description('report the tx id a pending broadcast was sent under')
    .requiredOption('--reference <id>', 'the broadcast reference (withdrawal or send id)')
    .requiredOption('--tx <tx_id>', 'the transaction id on the chain')
    .action(async (o: { reference: string; tx: string }) => {
      const route = `/admin/v1/crypto/broadcasts/${encodeURIComponent(o.reference)}/tx`;
      print(await adminCall(target(), 'POST', route, { tx_id: o.tx }));
    });
  crypto
    .command('observe')
    .description('report a transfer seen, confirmed or failed on chain (deposits included)')
    .requiredOption('--status <status>', 'seen, confirmed or failed')
    .requiredOption('--chain <chain>', 'tron, eth or btc')
    .requiredOption('--asset <asset>', 'USDT, USDC or BTC')
    .requiredOption('--tx <tx_id>', 'the transaction id')
    .requiredOption('--from <address>', 'the sender')
    .requiredOption('--to <address>', 'the receiver')
    .requiredOption('--amount <decimal>', 'the amount, in the asset')
    .option('--network-fee <decimal>', "the fee paid, in the chain's native coin")
    .option('--confirmations <n>', 'confirmations seen')
    .action(
      async (o: {
        status: string;
        chain: string;
        asset: string;
        tx: string;
        from: string;
        to: string;
        amount: string;
        networkFee?: string;
        confirmations?: string;
      }) => {
        const confirmations =
          o.confirmations === undefined ? {} : { confirmations: Number(o.confirmations) };
        print(
          await adminCall(target(), 'POST', '/admin/v1/crypto/observations', {
            status: o.status,
            chain: o.chain,
            asset: o.asset,
            tx_id: o.tx,
            from_address: o.from,
            to_address: o.to,
            amount: o.amount,
            ...(o.networkFee === undefined ? {} : { network_fee: o.networkFee }),
            ...confirmations,
          }),
        );
      },
    );
}

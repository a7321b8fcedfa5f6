import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { AddressScreeningResource } from '@platform/contracts';
import type { Chain } from '../domain/chains/chain';
import type { AddressRisk } from '../domain/screening/address-risk';

const COLUMNS = `screening_id::text, account_id, chain, address, risk, categories,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** The address screenings accounts asked for (table `address_screenings`). */
export class ScreeningRepository {
  constructor(private readonly pool: Pool) {}

  async insert(
    account_id: string,
    chain: Chain,
    address: string,
    found: AddressRisk,
  ): Promise<AddressScreeningResource> {
    const { rows } = await this.pool.query<AddressScreeningResource>(
      `insert into address_screenings (screening_id, account_id, chain, address, risk, categories)
       values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
      [randomUUID(), account_id, chain, address, found.risk, JSON.stringify(found.categories)],
    );
    const [row] = rows;
    if (!row) throw new Error('the screening insert returned no row');
    return row;
  }

  async list(
    account_id: string,
    limit: number,
    offset: number,
  ): Promise<AddressScreeningResource[]> {
    const { rows } = await this.pool.query<AddressScreeningResource>(
      `select ${COLUMNS} from address_screenings where account_id = $1
        order by address_screenings.created_at desc, address_screenings.screening_id desc
        limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ContactDestination, ContactResource } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import type { ContactFields } from '../domain/contact';

interface ContactRow {
  contact_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  linked_account_id: string | null;
  destination: ContactDestination | null;
  created_at: Date;
  updated_at: Date;
}

const resource = (row: ContactRow): ContactResource => ({
  contact_id: row.contact_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  account_id: row.linked_account_id,
  destination: row.destination,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Each account's address book; an import is one transaction (all rows or none). */
@Injectable()
export class ContactsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** The accounts of the organization among `account_ids`. */
  async accountsOfOrg(org_id: string, account_ids: readonly string[]): Promise<Set<string>> {
    if (account_ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>(
      'select id::text from accounts where org_id = $1 and id = any($2::uuid[])',
      [org_id, account_ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  async import(
    owner_account_id: string,
    rows: readonly ContactFields[],
  ): Promise<{ created: number; updated: number; contacts: ContactResource[] }> {
    return withTransaction(this.pool, async (client) => {
      const contacts: ContactResource[] = [];
      let created = 0;
      for (const row of rows) {
        const existing = await this.matching(client, owner_account_id, row);
        const saved = existing
          ? await this.replace(client, existing, row)
          : await this.insert(client, owner_account_id, row);
        if (!existing) created += 1;
        contacts.push(resource(saved));
      }
      return { created, updated: rows.length - created, contacts };
    });
  }

  /** The contact the row names again: the same email, else (without one) the same phone. */
  private async matching(
    client: PoolClient,
    owner: string,
    row: ContactFields,
  ): Promise<string | null> {
    if (row.email === null && row.phone === null) return null;
    const { rows } = await client.query<{ contact_id: string }>(
      row.email !== null
        ? 'select contact_id from contacts where owner_account_id = $1 and email = $2 for update'
        : `select contact_id from contacts
            where owner_account_id = $1 and phone = $2 and email is null for update`,
      [owner, row.email ?? row.phone],
    );
    return rows[0]?.contact_id ?? null;
  }

  private async insert(client: PoolClient, owner: string, row: ContactFields) {
    const { rows } = await client.query<ContactRow>(
      `insert into contacts
         (contact_id, owner_account_id, name, email, phone, linked_account_id, destination)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [randomUUID(), owner, ...values(row)],
    );
    return rows[0]!;
  }

  private async replace(client: PoolClient, contact_id: string, row: ContactFields) {
    const { rows } = await client.query<ContactRow>(
      `update contacts set name = $2, email = $3, phone = $4, linked_account_id = $5,
              destination = $6, updated_at = now()
        where contact_id = $1 returning *`,
      [contact_id, ...values(row)],
    );
    return rows[0]!;
  }

  async list(owner: string, limit: number, offset: number, q?: string) {
    const { rows } = await this.pool.query<ContactRow>(
      `select * from contacts
        where owner_account_id = $1
          and ($4::text is null or name ilike $4 or email ilike $4 or phone ilike $4)
        order by lower(name), contact_id limit $2 offset $3`,
      [owner, limit, offset, q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null],
    );
    return rows.map(resource);
  }

  async find(owner: string, contact_id: string): Promise<ContactResource | null> {
    if (!/^[0-9a-f-]{36}$/i.test(contact_id)) return null;
    const { rows } = await this.pool.query<ContactRow>(
      'select * from contacts where owner_account_id = $1 and contact_id = $2',
      [owner, contact_id],
    );
    return rows[0] ? resource(rows[0]) : null;
  }
}

const values = (row: ContactFields) => [
  row.name,
  row.email,
  row.phone,
  row.linked_account_id,
  row.destination === null ? null : JSON.stringify(row.destination),
];

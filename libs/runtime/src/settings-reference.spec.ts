import { z } from 'zod';
import { settingsReference, settingsTable } from './settings-reference';

describe('settingsReference', () => {
  const step = z.coerce.number().default(2000).describe('one simulated step');

  it('lists a setting once, with every schema that reads it', () => {
    const rows = settingsReference([
      { read_by: 'payouts', schema: z.object({ SANDBOX_STEP_MS: step }) },
      {
        read_by: 'payins',
        schema: z.object({
          SANDBOX_STEP_MS: step,
          PAYINS_QR_EXPIRY_MS: z.string().optional().meta({ unset: 'none' }).describe('expiry'),
        }),
      },
    ]);
    expect(rows).toEqual([
      {
        name: 'SANDBOX_STEP_MS',
        default_text: '`2000`',
        read_by: ['payouts', 'payins'],
        description: 'one simulated step',
      },
      {
        name: 'PAYINS_QR_EXPIRY_MS',
        default_text: 'none',
        read_by: ['payins'],
        description: 'expiry',
      },
    ]);
    expect(settingsTable(rows).split('\n')[2]).toBe(
      '| `SANDBOX_STEP_MS` | `2000` | payouts, payins | one simulated step |',
    );
  });

  it('refuses a setting defined twice, or without a description or a default', () => {
    const again = z.coerce.number().default(2000).describe('one simulated step');
    expect(() =>
      settingsReference([
        { read_by: 'payouts', schema: z.object({ SANDBOX_STEP_MS: step }) },
        { read_by: 'payins', schema: z.object({ SANDBOX_STEP_MS: again }) },
      ]),
    ).toThrow(/SANDBOX_STEP_MS is defined twice/);
    expect(() =>
      settingsReference([{ read_by: 'x', schema: z.object({ A: z.string().default('a') }) }]),
    ).toThrow(/A has no description/);
    expect(() =>
      settingsReference([
        { read_by: 'x', schema: z.object({ B: z.string().optional().describe('b') }) },
      ]),
    ).toThrow(/B has neither a default nor an `unset` note/);
  });
});

import { z } from 'zod';

/**
 * An amount as the client sent it, passed on untouched to the service that owns it, which reads
 * it with `Money.parseInput` and answers `invalid_amount` (D7, D12) for anything that is not an
 * amount within the ceiling. No length cap here: a schema error would answer `invalid_request`
 * for a 400-digit amount. The gateway's body limit bounds the text.
 */
export const clientAmountText = z.string();

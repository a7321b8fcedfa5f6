import { z } from 'zod';
import type { SettingsOf } from '@platform/runtime';

/** The risk-scoring service reads no setting of its own yet; its runtime parses this at boot. */
export const riskScoringSettingsSchema = z.object({});
export type RiskScoringSettings = SettingsOf<typeof riskScoringSettingsSchema>;

export const RISK_SCORING_SETTINGS = Symbol('RISK_SCORING_SETTINGS');

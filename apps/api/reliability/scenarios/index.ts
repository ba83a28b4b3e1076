/** The scenarios in the order the suite runs them (the kill comes late: later ones run on the restarted instance). */
import { refundRetriedTwice, soldOutEverywhere } from './instances';
import { idempotentRetries, killDuringOrders, stockRace } from './orders';
import { mixedLoad } from './load';
import { malformedInput } from './malformed';
import { ownership } from './ownership';
import { webhookReplay } from './webhook';
import type { Scenario } from './types';

export type { Outcome, Scenario } from './types';

export const SCENARIOS: Scenario[] = [
  stockRace,
  idempotentRetries,
  webhookReplay,
  killDuringOrders,
  ownership,
  malformedInput,
  mixedLoad,
  refundRetriedTwice,
  soldOutEverywhere,
];

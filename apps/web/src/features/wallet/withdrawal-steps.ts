/**
 * A withdrawal's status (spec section 3: 0 pending, 1 approved, 2 cancelled, 3 invalid PIX key, 4 processing, 5 under
 * review) as the steps a player follows: what is done, where it is now, what comes next, or where it stopped.
 */
export type StepKey = 'requested' | 'review' | 'processing' | 'paid' | 'cancelled' | 'invalidKey';
export type StepState = 'done' | 'current' | 'todo' | 'stopped';
export type Step = { key: StepKey; state: StepState };

export function withdrawalSteps(status: number | string): Step[] {
  const code = Number(status);
  const requested: Step = { key: 'requested', state: 'done' };
  switch (code) {
    case 5:
      return [
        requested,
        { key: 'review', state: 'current' },
        { key: 'processing', state: 'todo' },
        { key: 'paid', state: 'todo' },
      ];
    case 0:
      return [requested, { key: 'processing', state: 'current' }, { key: 'paid', state: 'todo' }];
    case 4:
      return [requested, { key: 'processing', state: 'current' }, { key: 'paid', state: 'todo' }];
    case 1:
      return [requested, { key: 'processing', state: 'done' }, { key: 'paid', state: 'done' }];
    case 2:
      return [requested, { key: 'cancelled', state: 'stopped' }];
    case 3:
      return [requested, { key: 'invalidKey', state: 'stopped' }];
    default:
      return [requested];
  }
}

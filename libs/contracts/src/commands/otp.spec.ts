import { ALWAYS_OTP_ACTIONS, otpActionsOf } from './otp';

describe('otpActionsOf', () => {
  it('names the required actions and those that always need a code while OTP is on', () => {
    const actions = otpActionsOf({ otp_enabled: true, required_actions: ['payout.create'] });
    expect(actions).toEqual(expect.arrayContaining(['payout.create', ...ALWAYS_OTP_ACTIONS]));
    expect(actions).toHaveLength(1 + ALWAYS_OTP_ACTIONS.length);
  });

  it('keeps only the actions that always need a code when the organization turned OTP off', () => {
    expect(otpActionsOf({ otp_enabled: false, required_actions: ['payout.create'] })).toEqual([
      ...ALWAYS_OTP_ACTIONS,
    ]);
  });

  it('names an action once when the policy also lists one that is always required', () => {
    const actions = otpActionsOf({ otp_enabled: true, required_actions: [...ALWAYS_OTP_ACTIONS] });
    expect(actions).toEqual([...ALWAYS_OTP_ACTIONS]);
  });
});

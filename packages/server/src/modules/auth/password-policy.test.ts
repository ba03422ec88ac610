import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordProblem } from './password-policy';

describe('new password policy', () => {
  it('refuses the most common passwords whatever their case', () => {
    for (const p of ['password', 'PASSWORD', 'Password1', 'qwerty123', 'iloveyou', 'Sunshine', 'football']) {
      expect(isCommonPassword(p)).toBe(true);
    }
    expect(newPasswordProblem('Password1')).toEqual({ field: 'newPassword', message: 'This password is too common' });
  });

  it('draws the line at the 3,000 highest-ranked entries', () => {
    // 'princess1' ranks beyond 10,000 in the zxcvbn list.
    expect(isCommonPassword('princess1')).toBe(false);
  });

  it('accepts the demo passwords and uncommon ones', () => {
    for (const p of ['Admin@123', 'Manager@123', 'Cashier@123', 'Tall-Lighthouse-42'])
      expect(newPasswordProblem(p)).toBeNull();
  });

  it('refuses short passwords, naming the field given', () => {
    expect(newPasswordProblem('Ab1!x', 'password')).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { sellerStatusChoices, sellerStatusMove } from './order-status';

describe('seller status machine', () => {
  it.each([
    ['confirmed', 'inProcess', 'move'],
    ['confirmed', 'inShipping', 'move'],
    ['confirmed', 'rejected', 'move'],
    ['confirmed', 'pending', 'same'],
    ['inProcess', 'rejected', 'move'],
    ['inProcess', 'pending', 'refused'],
    ['inShipping', 'rejected', 'refused'],
    ['inShipping', 'inProcess', 'refused'],
    ['delivered', 'inProcess', 'refused'],
    ['delivered', 'delivered', 'same'],
    ['rejected', 'delivered', 'refused'],
    ['rejected', 'rejected', 'same'],
  ] as const)('from %s to %s: %s', (from, to, answer) => {
    expect(sellerStatusMove(from, to)).toBe(answer);
  });

  it('offers where the lines are and the allowed moves, in the form order', () => {
    expect(sellerStatusChoices('confirmed')).toEqual([
      'pending',
      'inProcess',
      'inShipping',
      'delivered',
      'rejected',
    ]);
    expect(sellerStatusChoices('inShipping')).toEqual(['inShipping', 'delivered']);
    expect(sellerStatusChoices('rejected')).toEqual(['rejected']);
  });
});

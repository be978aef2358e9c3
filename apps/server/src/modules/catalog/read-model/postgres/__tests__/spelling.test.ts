import { describe, expect, it } from 'vitest';
import { corrections, editDistance } from '../spelling';

describe('editDistance', () => {
  it('when letters are swapped, replaced, added or removed, then each counts as one edit', () => {
    expect(editDistance('samsnug', 'samsung', 2)).toBe(1);
    expect(editDistance('jeens', 'jeans', 2)).toBe(1);
    expect(editDistance('shoe', 'shoes', 2)).toBe(1);
    expect(editDistance('phone', 'phne', 2)).toBe(1);
    expect(editDistance('same', 'same', 2)).toBe(0);
  });

  it('when the words are far apart, then it stops at max + 1', () => {
    expect(editDistance('laptop', 'router', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('corrections', () => {
  const vocabulary = ['samsung', 'galaxy', 'jeans', 'jeep', 'nike', 'shirt', 'shorts'].sort();

  it('when a word is misspelt by one letter, then the close title words are offered', () => {
    expect(corrections('samsnug', vocabulary)).toEqual(['samsung']);
    expect(corrections('jeens', vocabulary)).toEqual(['jeans']);
  });

  it('when a word is known or a prefix of a known word, then nothing is offered', () => {
    expect(corrections('galax', vocabulary)).toEqual([]);
    expect(corrections('nike', vocabulary)).toEqual([]);
  });

  it('when a word is shorter than 4 letters, then it is not guessed at', () => {
    expect(corrections('nkie'.slice(0, 3), vocabulary)).toEqual([]);
  });
});

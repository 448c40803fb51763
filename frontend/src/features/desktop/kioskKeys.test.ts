import { describe, expect, it } from 'vitest';
import { gridMove, initials, nextByLetter } from './kioskKeys';

describe('gridMove (arrow keys between the name buttons)', () => {
  // 5 names in rows of 3:  0 1 2 / 3 4
  it('focuses the first name when nothing is focused yet', () => {
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home']) expect(gridMove(-1, key, 5, 3)).toBe(0);
    expect(gridMove(-1, 'End', 5, 3)).toBe(4);
    expect(gridMove(-1, 'Enter', 5, 3)).toBeNull();
  });

  it('moves by one sideways and by a row up and down, staying inside', () => {
    expect(gridMove(0, 'ArrowRight', 5, 3)).toBe(1);
    expect(gridMove(4, 'ArrowRight', 5, 3)).toBe(4);
    expect(gridMove(0, 'ArrowLeft', 5, 3)).toBe(0);
    expect(gridMove(1, 'ArrowDown', 5, 3)).toBe(4);
    expect(gridMove(2, 'ArrowDown', 5, 3)).toBe(2);
    expect(gridMove(4, 'ArrowUp', 5, 3)).toBe(1);
    expect(gridMove(1, 'ArrowUp', 5, 3)).toBe(1);
    expect(gridMove(3, 'Home', 5, 3)).toBe(0);
    expect(gridMove(0, 'End', 5, 3)).toBe(4);
  });

  it('is not a move for other keys or an empty grid', () => {
    expect(gridMove(0, 'a', 5, 3)).toBeNull();
    expect(gridMove(0, 'ArrowRight', 0, 3)).toBeNull();
  });
});

describe('nextByLetter (a letter focuses a name)', () => {
  const names = ['Amina Njoroge', 'Wei Chen', 'Álvaro Ruiz', 'grace Kim'];
  it('finds the next name with that first letter, wrapping, ignoring case and accents', () => {
    expect(nextByLetter(names, 'a', -1)).toBe(0);
    expect(nextByLetter(names, 'A', 0)).toBe(2);
    expect(nextByLetter(names, 'a', 2)).toBe(0);
    expect(nextByLetter(names, 'W', -1)).toBe(1);
    expect(nextByLetter(names, 'G', 1)).toBe(3);
  });

  it('answers -1 for no match or a key that is not a letter', () => {
    expect(nextByLetter(names, 'z', -1)).toBe(-1);
    expect(nextByLetter(names, '5', -1)).toBe(-1);
    expect(nextByLetter([], 'a', -1)).toBe(-1);
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Amina Njoroge')).toBe('AN');
    expect(initials(' wei  chen ')).toBe('WC');
    expect(initials('Cher')).toBe('C');
    expect(initials('Maria de los Santos')).toBe('MD');
  });
});

import { describe, expect, it } from 'vitest';
import { ClockCache, SeenOnce } from './bounded';

describe('ClockCache', () => {
  it('never holds more than max entries; a key already there is updated in place', () => {
    const c = new ClockCache<string, number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) c.set(k, i);
    expect(c.size).toBe(3);
    expect([...c.keys()].sort()).toEqual(['b', 'c', 'd']);
    c.set('c', 9);
    expect(c.get('c')).toBe(9);
    expect(c.size).toBe(3);
  });

  it('keeps an entry in steady use while a stream of one-off keys passes through', () => {
    const c = new ClockCache<string, number>(4);
    c.set('hot', 0);
    for (let i = 0; i < 1000; i++) {
      expect(c.get('hot')).toBe(0);
      c.set(`once-${i}`, i);
      expect(c.size).toBeLessThanOrEqual(4);
    }
    expect(c.has('hot')).toBe(true);
    // Once nobody reads it, it goes within a round of the hand.
    for (let i = 0; i < 8; i++) c.set(`later-${i}`, i);
    expect(c.has('hot')).toBe(false);
  });

  it('drops entries in the order they came when none is read (FIFO)', () => {
    const c = new ClockCache<number, number>(3);
    for (let i = 0; i < 6; i++) c.set(i, i);
    expect([...c.keys()].sort()).toEqual([3, 4, 5]);
  });

  it('makes room even when every entry was read (each is spared once, then the oldest goes)', () => {
    const c = new ClockCache<number, number>(3);
    for (let i = 0; i < 3; i++) c.set(i, i);
    for (let i = 0; i < 3; i++) c.get(i);
    c.set(3, 3);
    expect(c.size).toBe(3);
    expect(c.has(0)).toBe(false);
    expect(c.has(3)).toBe(true);
  });
});

describe('SeenOnce', () => {
  it('says a key was seen before only on its second sighting, then forgets it', () => {
    const s = new SeenOnce(10);
    expect(s.again('a')).toBe(false);
    expect(s.again('a')).toBe(true);
    expect(s.again('a')).toBe(false);
    expect(s.size).toBe(1);
  });

  it('remembers the last max keys only, and never more', () => {
    const s = new SeenOnce(3);
    for (const k of ['a', 'b', 'c', 'd']) expect(s.again(k)).toBe(false);
    expect(s.size).toBe(3);
    expect(s.again('a')).toBe(false); // forgotten: 'a' was the oldest
    expect(s.again('d')).toBe(true);
  });

  it('a key seen again, then once more later, is not forgotten early by its old place in the ring', () => {
    const s = new SeenOnce(3);
    s.again('a');
    s.again('a'); // seen again: forgotten, its place freed
    s.again('b');
    s.again('a'); // seen once more, at a new place
    s.again('c');
    // The ring comes round to 'a''s first place: the freed slot, so 'a' is still remembered.
    s.again('d');
    expect(s.again('a')).toBe(true);
  });
});

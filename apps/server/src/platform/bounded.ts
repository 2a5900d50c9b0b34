/**
 * Bounded in-memory caches for hot paths. Both keep their order in a ring of fixed size, not in a Map's insertion
 * order: a Map used as a queue (drop the first key, add at the end) leaves its deleted entries in place until it is
 * rebuilt, and every look for its first key walks over them: in the lobby, under a stream of one-off searches, that
 * walk was a visible share of every request (bench/README.md).
 */

type Slot<K, V> = { key: K; value: V; referenced: boolean };

/**
 * At most `max` entries; when full, the CLOCK (second-chance) rule picks the entry to drop: a hand goes round the
 * entries, sparing each one read since the hand last passed it (and clearing that mark), and drops the first one not
 * read. A stream of keys asked for once passes through without pushing out the ones in steady use, which dropping the
 * oldest would do. Reads and writes are O(1), a write's sweep O(1) on average.
 */
export class ClockCache<K, V> {
  private readonly entries = new Map<K, Slot<K, V>>();
  private readonly ring: Slot<K, V>[] = [];
  private hand = 0;

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new Error('ClockCache: max must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, marking the entry as read (spared by the next sweep). */
  get(key: K): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    slot.referenced = true;
    return slot.value;
  }

  set(key: K, value: V): void {
    const known = this.entries.get(key);
    if (known) {
      known.value = value;
      return;
    }
    const slot: Slot<K, V> = { key, value, referenced: false };
    if (this.ring.length < this.max) this.ring.push(slot);
    else {
      let victim = this.ring[this.hand]!;
      while (victim.referenced) {
        victim.referenced = false;
        this.hand = (this.hand + 1) % this.max;
        victim = this.ring[this.hand]!;
      }
      this.entries.delete(victim.key);
      this.ring[this.hand] = slot;
      this.hand = (this.hand + 1) % this.max;
    }
    this.entries.set(key, slot);
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }
}

/**
 * The last `max` keys seen once. `again(key)` says whether the key was seen before (and then forgets it: the caller
 * keeps its answer from now on); otherwise it remembers the key, forgetting the oldest one when full.
 */
export class SeenOnce {
  private readonly at = new Map<string, number>();
  private readonly ring: (string | undefined)[] = [];
  private next = 0;

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new Error('SeenOnce: max must be at least 1');
  }

  get size(): number {
    return this.at.size;
  }

  again(key: string): boolean {
    const pos = this.at.get(key);
    if (pos !== undefined) {
      this.at.delete(key);
      this.ring[pos] = undefined;
      return true;
    }
    const old = this.ring[this.next];
    if (old !== undefined) this.at.delete(old);
    this.ring[this.next] = key;
    this.at.set(key, this.next);
    this.next = (this.next + 1) % this.max;
    return false;
  }
}

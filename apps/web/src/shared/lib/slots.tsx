import type { ComponentType } from 'react';

/** Places where a page shows a component of another feature. */
export type SlotName = 'home.gameRails' | 'home.betFeed' | 'profile.kycDocuments';

const filled = new Map<SlotName, ComponentType>();

/**
 * A feature never imports another feature, so app/ (app/slots.ts) fills these places, usually with React.lazy chunks
 * that keep the other feature's code out of the page's first load.
 */
export function fillSlots(components: Partial<Record<SlotName, ComponentType>>): void {
  for (const [name, component] of Object.entries(components)) filled.set(name as SlotName, component);
}

/** The component app/ put in this place, or nothing when none was. */
export function Slot({ name }: { name: SlotName }) {
  const Component = filled.get(name);
  return Component ? <Component /> : null;
}

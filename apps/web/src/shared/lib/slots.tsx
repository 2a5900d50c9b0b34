import { type ComponentType, type ReactNode, Suspense } from 'react';

type None = Record<never, never>;

/** Places where a page shows a component of another feature, and what each place hands to it. */
export type SlotProps = {
  'home.gameRails': None;
  'home.betFeed': None;
  /** The home page's strip of live matches (only on a site with sports). */
  'home.sportsLive': None;
  'profile.kycDocuments': None;
  /** The profile's VIP card (level, points, progress to the next level); its children show when none fills it. */
  'profile.vipCard': { children?: ReactNode };
  /** The deposit form: shown once the player may deposit (a regulated tenant first asks for loss and time limits). */
  'wallet.depositGate': { children: ReactNode };
  /**
   * The deposit form's optional coupon field. `bind` hands the form a function it calls before creating the charge:
   * it settles the field and answers the valid code, null for no coupon, or false when the typed code was refused
   * (the field shows why).
   */
  'wallet.depositCoupon': { initial: string | null; bind: (settle: () => Promise<string | null | false>) => void };
  /** Under the deposit form after the server refused a charge with this error `code` (a limit reached ...). */
  'wallet.depositRefused': { code: string };
  /** In the login and registration forms: the regulated tenant's risk warning. */
  'auth.riskWarning': None;
  /** Items (<li>) of the footer's legal list: the responsible-gaming page and the national self-exclusion link. */
  'footer.responsibleGaming': None;
};
export type SlotName = keyof SlotProps;

type Filled = { [N in SlotName]?: ComponentType<SlotProps[N]> };
const filled: Filled = {};

/**
 * A feature never imports another feature, so app/ (app/slots.ts) fills these places, usually with React.lazy chunks
 * that keep the other feature's code out of the page's first load.
 */
export function fillSlots(components: Filled): void {
  Object.assign(filled, components);
}

/**
 * The component app/ put in this place. An empty place shows its children (a gate with nothing to ask lets the
 * form through) or nothing. A lazy chunk still loading shows nothing rather than suspending the page around it.
 */
export function Slot<N extends SlotName>(props: { name: N } & SlotProps[N]) {
  const { name, ...rest } = props;
  const Component = filled[name] as ComponentType<Omit<typeof props, 'name'>> | undefined;
  if (!Component) return 'children' in rest ? (rest.children as ReactNode) : null;
  return (
    <Suspense fallback={null}>
      <Component {...rest} />
    </Suspense>
  );
}

import { BetbyWidget } from './betby-widget';

/** /widgetbetby (empty layout): Betby's betting widgets on their own, for embedding. */
export default function WidgetBetbyPage() {
  return <BetbyWidget variant="widgets" />;
}

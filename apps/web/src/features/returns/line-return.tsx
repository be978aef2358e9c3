/** A delivered order line's return offer (docs/web.md, "Returns"): "Return by 12 Dec" and a Return button, or why not. */
import type { OrderLineDto } from '@mp/shared';
import { Button } from '../../components/ui';
import { lineReturnOffer } from './return-display';

const WHY_NOT = {
  notReturnable: 'Not returnable',
  windowClosed: 'Return window closed',
  inReturn: 'Being returned',
} as const;

export function LineReturn({ line, onReturn }: { line: OrderLineDto; onReturn: () => void }) {
  const offer = lineReturnOffer(line);
  switch (offer.kind) {
    case 'none':
      return null;
    case 'returnable':
      return (
        <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="line-return">
          <span className="text-xs text-gray-700">Return by {offer.lastDay}</span>
          <Button
            size="sm"
            variant="outline"
            className="max-lg:min-h-11"
            aria-label={`Return ${line.title}`}
            onClick={onReturn}
          >
            Return
          </Button>
        </div>
      );
    default:
      return (
        <p className="mt-1 text-xs text-gray-600" data-testid="line-return">
          {WHY_NOT[offer.kind]}
        </p>
      );
  }
}

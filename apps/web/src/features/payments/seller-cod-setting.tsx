/** A seller takes cash on delivery or not (docs/money.md, "Cash on delivery"); on by default. */
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { useSellerCodQuery, useUpdateSellerCodMutation } from './cod-api';

export function SellerCodSetting() {
  const { data } = useSellerCodQuery();
  const [update, state] = useUpdateSellerCodMutation();
  if (!data) return null;
  const toggle = async () => {
    const r = await update({ acceptsCod: !data.acceptsCod });
    if ('error' in r) toast.error(errorMessage(r.error, 'The setting could not be saved.'));
  };
  return (
    <label className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm">
      <input
        type="checkbox"
        checked={data.acceptsCod}
        disabled={state.isLoading}
        onChange={() => void toggle()}
        className="mt-0.5 h-4 w-4 accent-brand-600"
      />
      <span>
        <span className="block font-medium text-gray-900">Take cash on delivery</span>
        <span className="block text-gray-600">
          Shoppers may pay the courier; the money reaches your balance when the courier remits it.
        </span>
      </span>
    </label>
  );
}

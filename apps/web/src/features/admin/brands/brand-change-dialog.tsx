/** The admin's rename and merge/map dialog for one brand (docs/search-and-listing.md, "Brands"). */
import { useState, type FormEvent } from 'react';
import type { AdminBrandDto, BrandUpdateInput } from '@mp/shared';
import { Button, Input, Modal, Select } from '../../../components/ui';
import { errorCode, errorMessage } from '../../../lib/api';

export type BrandDialog = { kind: 'rename' | 'merge'; brand: AdminBrandDto } | null;

export function BrandChangeDialog({
  dialog,
  targets,
  onClose,
  onChange,
}: {
  dialog: BrandDialog;
  /** the brands a brand may be merged into: accepted and not merged themselves */
  targets: AdminBrandDto[];
  onClose: () => void;
  /** resolves when saved; throws the failed call */
  onChange: (brand: AdminBrandDto, change: BrandUpdateInput) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const brand = dialog?.brand;
  const renaming = dialog?.kind === 'rename';
  const mapping = brand?.status === 'pending';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!brand) return;
    const wanted = value.trim() || (renaming ? brand.label : '');
    if (!wanted) return setError(renaming ? 'Brand is required' : 'Choose a brand');
    setSaving(true);
    try {
      await onChange(brand, renaming ? { label: wanted } : { mergeInto: wanted });
      setValue('');
      setError(undefined);
      onClose();
    } catch (err) {
      setError(
        errorCode(err) === 'BRAND_EXISTS'
          ? 'Another brand already has this name'
          : errorMessage(err, 'The brand could not be changed'),
      );
    } finally {
      setSaving(false);
    }
  }

  const title = !brand
    ? ''
    : renaming
      ? `Rename ${brand.label}`
      : mapping
        ? `Map ${brand.label} to a brand`
        : `Merge ${brand.label} into another brand`;
  return (
    <Modal open={Boolean(dialog)} onClose={onClose} title={title} size="sm">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {renaming ? (
          <Input
            label="New name"
            required
            defaultValue={brand?.label}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        ) : (
          <>
            <Select
              label="Into brand"
              required
              value={value}
              placeholder="Choose a brand"
              options={targets
                .filter((t) => t.id !== brand?.id)
                .map((t) => ({ value: t.id, label: t.label }))}
              onChange={(e) => setValue(e.target.value)}
              error={error}
            />
            <p className="text-sm text-gray-600">
              Its {brand?.productCount ?? 0} products move to that brand
              {mapping ? ' and go live in the shop' : ''}; its name keeps finding that brand.
            </p>
          </>
        )}
        <Button type="submit" loading={saving}>
          {renaming ? 'Rename' : mapping ? 'Map' : 'Merge'}
        </Button>
      </form>
    </Modal>
  );
}

/** Admin banners: upload and delete the home carousel images. */
import { BannerManager } from '../../../features/admin/components/banner-manager';
import { isLoading, remoteOf } from '../../../features/console/remote';
import { useBannersQuery } from '../../../features/shop/products-api';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminBannerPage() {
  useDocumentTitle('Banners – Admin');
  // the shop's banner list: one endpoint, one cache entry
  const banners = remoteOf(useBannersQuery(undefined, { refetchOnMountOrArgChange: true }), []);
  return <BannerManager banners={banners.data} loading={isLoading(banners)} />;
}

/** Admin banners: upload and delete the home carousel images. */
import { useCallback, useEffect } from 'react';
import { fetchBanners, selectAdminConsole } from '../../../features/admin/admin-slice';
import { BannerManager } from '../../../features/admin/components/banner-manager';
import { isLoading } from '../../../features/admin/shared/remote';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminBannerPage() {
  useDocumentTitle('Banners – Admin');
  const dispatch = useAppDispatch();
  const banners = useAppSelector((s) => selectAdminConsole(s).banners);
  const reload = useCallback(() => dispatch(fetchBanners()), [dispatch]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return <BannerManager banners={banners.data} loading={isLoading(banners)} reload={reload} />;
}

/** The admin's COD remittance upload (docs/money.md, "Cash on delivery"): multipart `my_file`, a CSV. */
import { UPLOAD_FIELD, type Answer } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { api } from '../../lib/api-client';

export type RemittanceRow = Answer<'codRemittances'>['data'][number];

export async function uploadRemittanceCsv(file: File): Promise<{ message: string; rows: RemittanceRow[] }> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  const { data } = await api.post<Answer<'codRemittances'>>(routes.codRemittances.path, body, {
    timeout: 120_000,
  });
  return { message: data.message, rows: data.data };
}

import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../context';
import { notFound } from '../../lib/errors';
import { contractRouter } from '../../lib/route';

/** GST: tax profiles, documents and their PDFs, statements and reports (docs/tax.md). */
export function createTaxRouter({ db, tax }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.sellerTaxProfile, async ({ req, reply }) => {
    reply({ data: await tax.profile(req.sellerId!) });
  });
  route(api.updateSellerTaxProfile, async ({ req, body, user, reply }) => {
    const data = await tax.saveProfile(req.sellerId!, body, { userId: user.id, role: user.role });
    reply({ message: 'Tax profile saved', data });
  });
  route(api.sellerDocuments, async ({ req, query, reply }) => {
    reply(await tax.register({ ...query, sellerId: req.sellerId! }));
  });
  route(api.sellerTaxStatement, async ({ req, reply }) => {
    reply({ data: await tax.statement(req.sellerId!) });
  });
  route(api.sellerTaxStatementCsv, async ({ req, res }) => {
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="tax-statement.csv"');
    res.send(await tax.statementCsv(req.sellerId!));
  });
  route(api.orderDocuments, async ({ params, user, reply }) => {
    reply({ data: await tax.orderDocuments({ userId: user.id, role: user.role }, params.orderId) });
  });
  route(api.documentPdf, async ({ params, user, res }) => {
    const doc = await tax.download({ userId: user.id, role: user.role }, params.documentId);
    res.type('application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${doc.number.replace(/\//g, '-')}.pdf"`);
    res.setHeader('X-Content-SHA256', doc.sha256!);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(doc.pdf);
  });
  route(api.adminTaxProfiles, async ({ reply }) => {
    reply({ data: await tax.profiles() });
  });
  route(api.adminSellerTaxProfile, async ({ params, reply }) => {
    const [data, history] = await Promise.all([tax.profile(params.sellerId), tax.history(params.sellerId)]);
    reply({ data, history });
  });
  route(api.adminUpdateSellerTaxProfile, async ({ params, body, user, reply }) => {
    if (!(await tax.sellerExists(params.sellerId))) throw notFound('Seller');
    const data = await tax.saveProfile(params.sellerId, body, { userId: user.id, role: user.role });
    reply({ message: 'Tax profile corrected', data });
  });
  route(api.adminDocuments, async ({ query, reply }) => {
    reply(await tax.register(query));
  });
  route(api.adminTcsReport, async ({ query, res }) => {
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="tcs-${query.month}.csv"`);
    res.send(await tax.tcsReport(query.month));
  });
  route(api.adminIssueCommissionInvoices, async ({ body, reply }) => {
    const issued = await tax.issueCommissionInvoices(body.month);
    reply({ message: `${issued} commission invoice${issued === 1 ? '' : 's'} issued`, issued });
  });
  return router;
}

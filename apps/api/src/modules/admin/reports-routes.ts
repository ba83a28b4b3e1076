/**
 * GST reports in the admin (docs/admin.md): a month's sales register, B2B invoices, credit
 * notes of B2B invoices (CDNR), B2C summary and HSN summary as JSON for the screen, and each
 * as CSV (money in rupees with two decimals) for the
 * GSTR-1 filing. Needs `reports.read` (owner and staff).
 */
import { ADMIN_API_PREFIX, GST_REPORTS, envelope, gstReportSchema, monthSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeCsv } from '../../lib/csv';
import { istDay } from '../../lib/india-time';
import { errorResponses, ok } from '../../lib/http';
import { paiseToRupees } from '../../lib/money';
import type { GstMonthReport, GstReports } from '../invoices';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/reports/gst`;

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);
const taxColumns = (r: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) => [
  rupees(r.taxablePaise),
  rupees(r.cgstPaise),
  rupees(r.sgstPaise),
  rupees(r.igstPaise),
];
const TAX_HEADER = ['taxable_value', 'cgst', 'sgst', 'igst'];

/** The header and rows of one report's CSV. */
function csvOf(report: GstMonthReport, which: (typeof GST_REPORTS)[number]): [string[], unknown[][]] {
  if (which === 'register') {
    return [
      ['document', 'number', 'date', 'order', 'place_of_supply', 'state', ...TAX_HEADER, 'document_value', 'cancelled'],
      report.register.map((r) => [
        r.kind,
        r.number,
        istDay(new Date(r.issuedAt)),
        r.orderNumber,
        r.placeOfSupply,
        r.state,
        ...taxColumns(r),
        rupees(r.totalPaise),
        r.cancelled ? 'yes' : 'no',
      ]),
    ];
  }
  if (which === 'b2b' || which === 'cdnr') {
    return [
      [
        'buyer_gstin',
        'buyer_name',
        'number',
        'date',
        'document_value',
        'place_of_supply',
        'state',
        'rate',
        ...TAX_HEADER,
      ],
      report[which].map((r) => [
        r.buyerGstin,
        r.buyerName,
        r.number,
        istDay(new Date(r.issuedAt)),
        rupees(r.totalPaise),
        r.placeOfSupply,
        r.state,
        r.ratePercent,
        ...taxColumns(r),
      ]),
    ];
  }
  if (which === 'b2c') {
    return [
      ['place_of_supply', 'state', 'rate', ...TAX_HEADER],
      report.b2c.map((r) => [r.placeOfSupply, r.state, r.ratePercent, ...taxColumns(r)]),
    ];
  }
  return [
    ['hsn', 'rate', 'quantity', ...TAX_HEADER],
    report.hsn.map((r) => [r.hsnCode, r.ratePercent, r.quantity, ...taxColumns(r)]),
  ];
}

export const adminReportsRoutes: FastifyPluginAsyncZod<{ reports: GstReports }> = async (app, { reports }) => {
  app.get(
    P,
    {
      onRequest: app.requireStaff('reports.read'),
      schema: {
        tags,
        summary:
          'GST reports of a month (India time): sales register, B2B invoices and their credit notes, B2C summary by state and rate, HSN summary',
        querystring: z.object({ month: monthSchema }),
        response: { 200: envelope(gstReportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await reports.month(request.query.month)),
  );

  app.get(
    `${P}/:report`,
    {
      onRequest: app.requireStaff('reports.read'),
      schema: {
        tags,
        summary: 'One GST report of a month as CSV, in rupees',
        params: z.object({ report: z.enum(GST_REPORTS) }),
        querystring: z.object({ month: monthSchema }),
      },
    },
    async (request, reply) => {
      const { report } = request.params;
      const [header, rows] = csvOf(await reports.month(request.query.month), report);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gst-${report}-${request.query.month}.csv"`)
        .send(writeCsv(header, rows));
    },
  );
};

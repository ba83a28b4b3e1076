/**
 * GST reports of a month (docs/admin.md): the sales register (invoices and credit notes), the
 * B2B invoices and their credit notes (CDNR) by buyer GSTIN, the B2C summary by place of supply
 * and rate, and the HSN summary, each with its CSV for the
 * GSTR-1 filing. Credit notes are subtracted in the summaries.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { GstReport } from '@vastra/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Title, useNotify } from 'react-admin';
import { istDate, rupees } from '../api';
import { adminApi } from '../client';

type Tax = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

const thisMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

function TaxCells({ row }: { row: Tax }) {
  return (
    <>
      <TableCell align="right">{rupees(row.taxablePaise)}</TableCell>
      <TableCell align="right">{rupees(row.cgstPaise)}</TableCell>
      <TableCell align="right">{rupees(row.sgstPaise)}</TableCell>
      <TableCell align="right">{rupees(row.igstPaise)}</TableCell>
    </>
  );
}

function Report({ title, csv, head, children }: { title: string; csv: string; head: string[]; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          <Button href={csv} download>
            CSV
          </Button>
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
                <TableCell align="right">Taxable</TableCell>
                <TableCell align="right">CGST</TableCell>
                <TableCell align="right">SGST</TableCell>
                <TableCell align="right">IGST</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/** B2B invoices or their credit notes: one row per document and rate, by the buyer's GSTIN. */
function B2bReport({ title, csv, rows }: { title: string; csv: string; rows: GstReport['b2b'] }) {
  return (
    <Report title={title} csv={csv} head={['Buyer GSTIN', 'Buyer', 'Document', 'Date', 'Value', 'State', 'Rate']}>
      {rows.map((r) => (
        <TableRow key={`${r.number}-${r.ratePercent}`}>
          <TableCell>{r.buyerGstin}</TableCell>
          <TableCell>{r.buyerName}</TableCell>
          <TableCell>{r.number}</TableCell>
          <TableCell>{istDate(r.issuedAt)}</TableCell>
          <TableCell>{rupees(r.totalPaise)}</TableCell>
          <TableCell>
            {r.state} ({r.placeOfSupply})
          </TableCell>
          <TableCell>{r.ratePercent} %</TableCell>
          <TaxCells row={r} />
        </TableRow>
      ))}
    </Report>
  );
}

export function GstReports() {
  const notify = useNotify();
  const [month, setMonth] = useState(thisMonth);
  const [report, setReport] = useState<GstReport | null>(null);
  useEffect(() => {
    adminApi.gstReport(month).then(setReport, (err: Error) => notify(err.message, { type: 'error' }));
  }, [month, notify]);
  const csv = (which: string) => `/admin/api/reports/gst/${which}?month=${month}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="GST reports" />
      <TextField
        label="Month"
        type="month"
        value={month}
        onChange={(e) => e.target.value && setMonth(e.target.value)}
        sx={{ mb: 2 }}
      />
      {report ? (
        <>
          <Typography sx={{ mb: 2 }}>
            Net of credit notes: taxable {rupees(report.totals.taxablePaise)} · CGST {rupees(report.totals.cgstPaise)} ·
            SGST {rupees(report.totals.sgstPaise)} · IGST {rupees(report.totals.igstPaise)}
          </Typography>
          <B2bReport title="B2B invoices (buyers with a GSTIN)" csv={csv('b2b')} rows={report.b2b} />
          <B2bReport title="Credit notes of B2B invoices (CDNR)" csv={csv('cdnr')} rows={report.cdnr} />
          <Report title="B2C summary by place of supply and rate" csv={csv('b2c')} head={['State', 'Rate']}>
            {report.b2c.map((r) => (
              <TableRow key={`${r.placeOfSupply}-${r.ratePercent}`}>
                <TableCell>
                  {r.state} ({r.placeOfSupply})
                </TableCell>
                <TableCell>{r.ratePercent} %</TableCell>
                <TaxCells row={r} />
              </TableRow>
            ))}
          </Report>
          <Report title="HSN summary" csv={csv('hsn')} head={['HSN', 'Rate', 'Quantity']}>
            {report.hsn.map((r) => (
              <TableRow key={`${r.hsnCode}-${r.ratePercent}`}>
                <TableCell>{r.hsnCode}</TableCell>
                <TableCell>{r.ratePercent} %</TableCell>
                <TableCell>{r.quantity}</TableCell>
                <TaxCells row={r} />
              </TableRow>
            ))}
          </Report>
          <Report title="Sales register" csv={csv('register')} head={['Document', 'Date', 'Order', 'State']}>
            {report.register.map((r) => (
              <TableRow key={r.number}>
                <TableCell>{r.cancelled ? `${r.number} (cancelled)` : r.number}</TableCell>
                <TableCell>{istDate(r.issuedAt)}</TableCell>
                <TableCell>{r.orderNumber}</TableCell>
                <TableCell>{r.state}</TableCell>
                <TaxCells row={r} />
              </TableRow>
            ))}
          </Report>
        </>
      ) : null}
    </Box>
  );
}

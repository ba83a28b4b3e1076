/** One column of the GST rates' preview (docs/admin.md): what a price pays now, or with the change. */
import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { type TaxPreview } from '@vastra/contracts';
import { rupees } from '../api';
import { percent } from './draft';

export function PreviewColumn({ title, preview }: { title: string; preview: TaxPreview }) {
  const rows: [string, number][] = [
    ['Taxable value', preview.withinState.taxablePaise],
    ['CGST', preview.withinState.cgstPaise],
    ['SGST', preview.withinState.sgstPaise],
    ['Shopper pays', preview.withinState.totalPaise],
    ['IGST (other states)', preview.otherState.igstPaise],
  ];
  return (
    <Box sx={{ flex: '1 1 220px' }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}: {percent(preview.rateBasisPoints)}
      </Typography>
      <Table size="small">
        <TableBody>
          {rows.map(([label, paise]) => (
            <TableRow key={label}>
              <TableCell sx={{ pl: 0 }}>{label}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {rupees(paise)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

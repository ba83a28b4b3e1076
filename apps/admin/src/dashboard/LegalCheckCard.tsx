/**
 * The dashboard's "Before you sell: what the law asks" (docs/admin.md "Dashboard"): each
 * requirement of `GET /admin/api/compliance` that the store settings do not meet, with what is
 * missing; the owner gets a link to Store settings, the others are told to ask the owner.
 * Nothing when every requirement is met.
 */
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { LegalCheck } from '@vastra/contracts';
import { Link, usePermissions } from 'react-admin';
import { can } from '../authProvider';

export function LegalCheckCard({ check }: { check: LegalCheck }) {
  const { permissions } = usePermissions();
  const missing = check.requirements.filter((r) => !r.met);
  if (missing.length === 0) return null;
  const owner = can(permissions, 'settings.write');
  return (
    <Card
      component="section"
      aria-labelledby="legal-check-title"
      sx={{ mb: 2, borderLeft: 4, borderColor: 'warning.main' }}
    >
      <CardContent>
        <Typography id="legal-check-title" component="h2" variant="h6">
          Before you sell: what the law asks
        </Typography>
        <List dense>
          {missing.map((r) => (
            <ListItem key={r.id} disablePadding>
              <ListItemText primary={r.label} secondary={`${r.missing ?? ''} (${r.law})`} />
            </ListItem>
          ))}
        </List>
        {owner ? (
          <Link to="/store-settings">Fill these in Store settings</Link>
        ) : (
          <Typography variant="body2">The store owner fills these in Store settings.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

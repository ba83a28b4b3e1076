/**
 * The online gateways the store offers and their order (docs/admin.md "Store settings"), bound
 * to the form's `paymentGateways`: one row per gateway with credentials on the server, a
 * checkbox to offer it and, for those offered, buttons to move it up or down. The first offered
 * is checkout's preferred gateway; while its API is failing, checkout offers the next.
 */
import { Box, Checkbox, FormControlLabel, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import type { OnlineGateway } from '@vastra/contracts';
import { useInput } from 'react-admin';

export const GATEWAY_NAMES: Record<OnlineGateway, string> = {
  sandbox: 'Sandbox (test payments)',
  phonepe: 'PhonePe',
  razorpay: 'Razorpay',
};

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function GatewayOrderInput({ configured }: { configured: OnlineGateway[] }) {
  const { field } = useInput({ source: 'paymentGateways' });
  const offered = ((field.value as OnlineGateway[] | undefined) ?? []).filter((g) => configured.includes(g));
  // Offered gateways first, in the store's order; then the others that could be.
  const rows = [...offered, ...configured.filter((g) => !offered.includes(g))];
  const toggle = (gateway: OnlineGateway, on: boolean) =>
    field.onChange(on ? [...offered, gateway] : offered.filter((g) => g !== gateway));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1">
        Online payment
      </Typography>
      <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((gateway) => {
          const index = offered.indexOf(gateway);
          const name = GATEWAY_NAMES[gateway];
          return (
            <Stack component="li" key={gateway} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                control={<Checkbox checked={index >= 0} onChange={(e) => toggle(gateway, e.target.checked)} />}
                label={index >= 0 ? `${index + 1}. ${name}` : name}
              />
              {index >= 0 && offered.length > 1 && (
                <>
                  <IconButton
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => field.onChange(moved(offered, index, index - 1))}
                  >
                    <span aria-hidden="true">↑</span>
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${name} down`}
                    disabled={index === offered.length - 1}
                    onClick={() => field.onChange(moved(offered, index, index + 1))}
                  >
                    <span aria-hidden="true">↓</span>
                  </IconButton>
                </>
              )}
            </Stack>
          );
        })}
      </Stack>
      <FormHelperText>
        Only gateways with credentials on the server can be offered. Checkout prefers the first; while its API is
        failing, it offers the next.
      </FormHelperText>
    </Box>
  );
}

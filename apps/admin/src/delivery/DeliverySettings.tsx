/**
 * Delivery zones (docs/admin.md "Delivery zones"; docs/shopper-features.md "Delivery by
 * pincode"): the owner's zone table behind every delivery promise: days on the road per zone
 * (Sundays not counted) and where cash on delivery is not offered (whole zones, GST state
 * codes, pincodes). Saving replaces the table (PUT /admin/api/delivery-settings); the next
 * estimate and order use it. The API's check names a wrong value, shown as the save's error.
 */
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { DELIVERY_ZONES, type DeliverySettings as Settings, type DeliveryZone } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import {
  CheckboxGroupInput,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextArrayInput,
  Title,
  Toolbar,
  maxValue,
  minValue,
  number,
  required,
  useNotify,
} from 'react-admin';
import { adminApi } from '../client';

/** The zones as the owner reads them, in DELIVERY_ZONES' order (the first that fits applies). */
export const ZONE_NAMES: Record<DeliveryZone, string> = {
  same_city: 'Same city as the warehouse',
  same_state: 'Same state',
  north_east_islands: 'North-east and islands',
  metro: 'Metro cities',
  rest_of_india: 'Rest of India',
};

const ZONE_CHOICES = DELIVERY_ZONES.map((id) => ({ id, name: ZONE_NAMES[id] }));

/** Whole days, as the API takes them (1 to 30). */
const wholeDays = (v: unknown) => (v === null || v === undefined || Number.isInteger(v) ? undefined : 'Whole days');
const DAYS_VALIDATION = [required(), number(), wholeDays, minValue(1), maxValue(30)];

export function DeliverySettings() {
  const notify = useNotify();
  const [settings, setSettings] = useState<Settings | null>(null);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);

  useEffect(() => {
    adminApi.settings.delivery().then(setSettings, fail);
  }, [fail]);

  // The form edits the settings record the API answered: its values are the settings' shape.
  const save = async (values: Record<string, unknown>) => {
    const saved = await adminApi.settings.saveDelivery(values as Settings).catch(fail);
    if (!saved) return;
    setSettings(saved);
    notify('Delivery zones saved: the next delivery estimate and order use them', { type: 'success' });
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title="Delivery zones" />
      <Alert severity="info" sx={{ mb: 2 }}>
        A pincode’s zone is the first that fits, in this order. Days are counted from the day of the order, in India
        time, without Sundays. With Shiprocket on, its couriers’ dates come first and this table answers when it cannot.
      </Alert>
      {settings ? (
        <SimpleForm
          record={settings}
          onSubmit={save}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable={false} />
            </Toolbar>
          }
        >
          <Typography component="h2" variant="h6">
            Days to deliver
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, width: '100%' }}>
            {DELIVERY_ZONES.map((zone) => (
              <NumberInput
                key={zone}
                source={`days.${zone}`}
                label={ZONE_NAMES[zone]}
                step={1}
                min={1}
                max={30}
                validate={DAYS_VALIDATION}
                helperText="1 to 30 days"
              />
            ))}
          </Box>
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            No cash on delivery
          </Typography>
          <CheckboxGroupInput source="codExcludedZones" label="In these zones" choices={ZONE_CHOICES} />
          <TextArrayInput
            source="codExcludedStates"
            label="In these states (GST state codes)"
            helperText="Two digits, Enter after each: 35 is the Andaman and Nicobar Islands, 31 Lakshadweep"
            fullWidth
          />
          <TextArrayInput
            source="codExcludedPincodes"
            label="At these pincodes"
            helperText="Six digits, Enter after each"
            fullWidth
          />
        </SimpleForm>
      ) : (
        <CircularProgress aria-label="Loading the delivery zones" />
      )}
    </Box>
  );
}

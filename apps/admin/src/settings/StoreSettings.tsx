/**
 * Store settings (docs/admin.md "Store settings"), owner only: the store's name, logo, brand
 * colour and contact details; the seller's name, address and GSTIN on tax invoices; where the
 * store's own mails go; cash on delivery and its limit; the return window; the online gateways
 * offered (those with credentials on the server) and their order, the first preferred; how long
 * promotional store credit lasts; whether idle carts get reminder mails, and after how many hours
 * (docs/behaviour.md "Cart reminders"); the data protection contact the privacy page names; the
 * grievance officer (docs/behaviour.md "Grievances"). Saving sends every setting
 * (PUT /admin/api/store-settings); every instance uses them within seconds. The API's check
 * names a wrong value, shown as the save's error.
 */
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { StoreSettings as Settings, StoreSettingsView } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import {
  BooleanInput,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  useInput,
  Toolbar,
  maxValue,
  minValue,
  required,
  useNotify,
} from 'react-admin';
import { adminApi } from '../client';
import { GatewayOrderInput } from './GatewayOrderInput';
import { PictureUpload } from './PictureUpload';

/** The logo's upload and preview, bound to the form's `logoUrl`. */
function LogoInput() {
  const { field } = useInput({ source: 'logoUrl' });
  return <PictureUpload label="Logo" url={(field.value as string | null) ?? null} onUploaded={field.onChange} />;
}

/**
 * Empty text fields are sent as null (no contact email, no notification email), an empty expiry
 * as never, an empty COD confirmation threshold as none held.
 */
function toSettings(values: Record<string, unknown>): Settings {
  const orNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    ...(values as Settings),
    contactEmail: orNull(values.contactEmail),
    contactPhone: orNull(values.contactPhone),
    notifyEmail: orNull(values.notifyEmail),
    grievanceOfficerName: orNull(values.grievanceOfficerName),
    grievanceOfficerDesignation: orNull(values.grievanceOfficerDesignation),
    grievanceOfficerEmail: orNull(values.grievanceOfficerEmail),
    grievanceOfficerPhone: orNull(values.grievanceOfficerPhone),
    storeCreditExpiryDays: typeof values.storeCreditExpiryDays === 'number' ? values.storeCreditExpiryDays : null,
    codConfirmAboveRupees: typeof values.codConfirmAboveRupees === 'number' ? values.codConfirmAboveRupees : null,
    preferredCourier: orNull(values.preferredCourier),
    dataProtectionOfficerName: orNull(values.dataProtectionOfficerName),
    dataProtectionOfficerEmail: orNull(values.dataProtectionOfficerEmail),
  };
}

export function StoreSettings() {
  const notify = useNotify();
  const [view, setView] = useState<StoreSettingsView | null>(null);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);

  useEffect(() => {
    adminApi.settings.store().then(setView, fail);
  }, [fail]);

  const save = async (values: Record<string, unknown>) => {
    const saved = await adminApi.settings.saveStore(toSettings(values)).catch(fail);
    if (!saved) return;
    setView(saved);
    notify('Store settings saved: the storefront, mails and checkout use them within seconds', { type: 'success' });
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title="Store settings" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Until you save them, these are the server’s environment values. Secrets and addresses of services stay in the
        environment.
      </Alert>
      {view ? (
        <SimpleForm
          record={view.settings}
          onSubmit={save}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable={false} />
            </Toolbar>
          }
        >
          <Typography component="h2" variant="h6">
            The store
          </Typography>
          <TextInput source="storeName" label="Store name" validate={required()} fullWidth />
          <LogoInput />
          <TextInput
            source="brandColour"
            label="Brand colour"
            helperText="# and six hex digits, dark enough for white text on it, e.g. #8a1a42"
            validate={required()}
          />
          <TextInput
            source="contactEmail"
            label="Contact email"
            type="email"
            helperText="Customer care: on every page's footer and on invoices"
            fullWidth
          />
          <TextInput source="contactPhone" label="Contact phone" helperText="Customer care, as above" fullWidth />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Seller on tax invoices
          </Typography>
          <TextInput source="sellerName" label="Legal name" validate={required()} fullWidth />
          <TextInput
            source="sellerAddress"
            label="Address"
            helperText="Ending with the pincode"
            validate={required()}
            fullWidth
          />
          <TextInput
            source="sellerGstin"
            label="GSTIN"
            helperText={`15 characters, starting with ${view.storeState} (the store's state)`}
            validate={required()}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Orders
          </Typography>
          <TextInput
            source="notifyEmail"
            label="Notification email"
            type="email"
            helperText="New orders, return requests and the daily summary; empty: none"
            fullWidth
          />
          <GatewayOrderInput configured={view.configuredGateways} />
          <BooleanInput source="codEnabled" label="Cash on delivery" />
          <NumberInput
            source="codMaxRupees"
            label="Largest cash on delivery order (₹)"
            step={100}
            validate={[required(), minValue(0), maxValue(1_000_000)]}
          />
          <NumberInput
            source="codConfirmAboveRupees"
            label="Confirm cash on delivery orders above (₹)"
            helperText="Held as Awaiting confirmation until the shopper confirms by WhatsApp or the link sent; empty: none held"
            step={100}
            validate={[minValue(0), maxValue(1_000_000)]}
          />
          <NumberInput
            source="codConfirmHours"
            label="Hours to confirm"
            helperText="An order not confirmed in time is cancelled and its stock released"
            step={1}
            validate={[required(), minValue(1), maxValue(168)]}
          />
          <NumberInput
            source="deliveryChargeRupees"
            label="Delivery charge (₹)"
            helperText="Charged on an order below the free-delivery amount; 0: delivery is always free"
            step={1}
            validate={[required(), minValue(0), maxValue(100_000)]}
          />
          <NumberInput
            source="freeDeliveryFromRupees"
            label="Free delivery from (₹)"
            helperText="Order value after discounts from which delivery is free; empty: no threshold"
            step={100}
            validate={[minValue(0), maxValue(100_000)]}
          />
          <NumberInput
            source="codFeeRupees"
            label="COD fee (₹)"
            helperText="Added to a cash-on-delivery order; 0: none"
            step={1}
            validate={[required(), minValue(0), maxValue(100_000)]}
          />
          <NumberInput
            source="returnWindowDays"
            label="Return window (days after delivery)"
            step={1}
            validate={[required(), minValue(0), maxValue(90)]}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Store credit
          </Typography>
          <NumberInput
            source="storeCreditExpiryDays"
            label="Promotional credit expires after (days)"
            helperText="Credit you give by hand on a customer's page; empty: never. Refunds to store credit never expire."
            step={1}
            validate={[minValue(1), maxValue(3650)]}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Cart reminders
          </Typography>
          <BooleanInput
            source="cartRemindersEnabled"
            label="Remind shoppers of their idle carts by email"
            helperText="Logged-in shoppers who did not opt out; at most two reminders a cart"
          />
          <NumberInput
            source="cartReminderFirstHours"
            label="First reminder after (hours untouched)"
            step={1}
            validate={[required(), minValue(1), maxValue(168)]}
          />
          <NumberInput
            source="cartReminderSecondHours"
            label="Second reminder after the first (hours)"
            helperText="Only if the cart is still untouched"
            step={1}
            validate={[required(), minValue(1), maxValue(720)]}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Data retention
          </Typography>
          <NumberInput
            source="inactiveAccountErasureYears"
            label="Erase shopper accounts unused for (years)"
            helperText="No sign-in or order for this long: the shopper gets a notice, and 48 hours later the account's personal data is erased. Orders and invoices stay for GST."
            step={1}
            validate={[required(), minValue(1), maxValue(10)]}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Shipping operations
          </Typography>
          <TextInput
            source="preferredCourier"
            label="Preferred courier"
            helperText="Its name as Shiprocket shows it, e.g. Delhivery Surface. Bookings go to it when it serves the pincode, otherwise to the cheapest courier. Empty: always the cheapest."
            fullWidth
          />
          {/* Data protection contact (DPDP) */}
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Data protection contact
          </Typography>
          <TextInput
            source="dataProtectionOfficerName"
            label="Name"
            helperText="Who answers shoppers’ questions about their personal data; shown on the privacy page"
            fullWidth
          />
          <TextInput
            source="dataProtectionOfficerEmail"
            label="Email"
            type="email"
            helperText="Empty: the privacy page shows the contact email"
            fullWidth
          />
          {/* Grievance officer (consumer rules) */}
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Grievance officer
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The Consumer Protection (E-Commerce) Rules, 2020 ask you to name one: shown on the storefront's grievance
            page and footer, on invoices and in grievance mails.
          </Typography>
          <TextInput source="grievanceOfficerName" label="Name" fullWidth />
          <TextInput source="grievanceOfficerDesignation" label="Designation" fullWidth />
          <TextInput source="grievanceOfficerEmail" label="Email" type="email" fullWidth />
          <TextInput source="grievanceOfficerPhone" label="Phone" fullWidth />
        </SimpleForm>
      ) : (
        <CircularProgress aria-label="Loading the store settings" />
      )}
    </Box>
  );
}

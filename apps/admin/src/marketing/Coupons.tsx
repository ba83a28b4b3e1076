/**
 * Coupons (docs/admin.md "Coupons and gift cards"): the list with each coupon's state and use
 * so far; one form to make or edit a coupon with every rule the checkout applies (amounts typed
 * in rupees, kept in paise); switching a coupon off and on. Owner and staff.
 */
import { Alert, Button, useMediaQuery, type Theme } from '@mui/material';
import { type AdminCoupon, type CouponCategory, type CouponState } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  DataTable,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  maxValue,
  minValue,
  regex,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { istDateTime, rupees } from '../api';
import type { VastraDataProvider } from '../dataProvider';
import { RUPEES_INPUT } from './money';

const STATE_NAMES: Record<CouponState, string> = {
  running: 'Running',
  scheduled: 'Not started',
  expired: 'Ended',
  used_up: 'Used up',
  inactive: 'Switched off',
};

/** "20 % off, up to ₹ 150" or "₹ 200 off". */
function discountText(c: Pick<AdminCoupon, 'discountType' | 'discountValue' | 'maxDiscountPaise'>): string {
  if (c.discountType === 'fixed') return `${rupees(c.discountValue)} off`;
  return `${c.discountValue} % off${c.maxDiscountPaise ? `, up to ${rupees(c.maxDiscountPaise)}` : ''}`;
}

/** "3" or "3 of 100". */
const usesText = (c: AdminCoupon) => (c.usageLimit ? `${c.uses} of ${c.usageLimit}` : String(c.uses));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Code or description" />,
  <SelectInput
    key="active"
    source="active"
    label="Switch"
    choices={[
      { id: 'true', name: 'On' },
      { id: 'false', name: 'Off' },
    ]}
  />,
];

export function CouponList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} exporter={false}>
      {small ? (
        <SimpleList<AdminCoupon>
          primaryText={(c) => c.code}
          secondaryText={(c) =>
            `${discountText(c)} · ${STATE_NAMES[c.state]} · ${c.advertised ? 'advertised' : 'private'}`
          }
          tertiaryText={(c) => `${usesText(c)} used`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="code" />
          <DataTable.Col label="Discount">
            <FunctionField<AdminCoupon> render={discountText} />
          </DataTable.Col>
          <DataTable.Col label="Min. order" align="right">
            <FunctionField<AdminCoupon> render={(c) => (c.minOrderPaise ? rupees(c.minOrderPaise) : '—')} />
          </DataTable.Col>
          <DataTable.Col label="Runs">
            <FunctionField<AdminCoupon>
              render={(c) =>
                `${c.startsAt ? istDateTime(c.startsAt) : 'now'} – ${c.endsAt ? istDateTime(c.endsAt) : 'no end'}`
              }
            />
          </DataTable.Col>
          <DataTable.Col label="State">
            <FunctionField<AdminCoupon> render={(c) => STATE_NAMES[c.state]} />
          </DataTable.Col>
          <DataTable.Col label="Shown to">
            <FunctionField<AdminCoupon> render={(c) => (c.advertised ? 'Advertised' : 'Private')} />
          </DataTable.Col>
          <DataTable.Col label="Used" align="right">
            <FunctionField<AdminCoupon> render={usesText} />
          </DataTable.Col>
          <DataTable.Col label="Discounted" align="right">
            <FunctionField<AdminCoupon> render={(c) => rupees(c.discountedPaise)} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The categories a coupon may be limited to, read once per form. */
function useCategories(): CouponCategory[] {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const [categories, setCategories] = useState<CouponCategory[]>([]);
  useEffect(() => {
    dataProvider.couponCategories().then(setCategories, (err: Error) => notify(err.message, { type: 'error' }));
  }, [dataProvider, notify]);
  return categories;
}

const endAfterStart = (endsAt: unknown, values: { startsAt?: string | null }) =>
  endsAt && values.startsAt && new Date(String(endsAt)) <= new Date(values.startsAt)
    ? 'The end must be after the start.'
    : undefined;

/** Every rule of a coupon; the record's money is paise, the inputs rupees. */
function CouponForm() {
  const categories = useCategories();
  return (
    // No delete: a coupon orders have used stays, switched off.
    <SimpleForm
      sx={{ maxWidth: 720 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput
        source="code"
        validate={[required(), regex(/^[A-Za-z0-9]{3,20}$/, 'Use 3 to 20 letters and digits.')]}
        helperText="Shoppers type it at checkout; kept in capitals."
      />
      <TextInput source="description" validate={required()} helperText="What shoppers see, e.g. 20 % off kurtas" />
      <SelectInput
        source="discountType"
        label="Kind"
        choices={[
          { id: 'percentage', name: 'A percentage' },
          { id: 'fixed', name: 'A fixed amount' },
        ]}
        defaultValue="percentage"
        validate={required()}
      />
      <FormDataConsumer<{ discountType?: string }>>
        {({ formData }) =>
          formData.discountType === 'fixed' ? (
            <NumberInput
              source="discountValue"
              label="Amount off (₹)"
              {...RUPEES_INPUT}
              validate={[required(), minValue(1, 'Give an amount above ₹ 0.')]}
            />
          ) : (
            <>
              <NumberInput
                source="discountValue"
                label="Percent off"
                step={1}
                validate={[required(), minValue(1), maxValue(100)]}
              />
              <NumberInput source="maxDiscountPaise" label="Largest discount (₹, optional)" {...RUPEES_INPUT} />
            </>
          )
        }
      </FormDataConsumer>
      <NumberInput
        source="minOrderPaise"
        label="Minimum order (₹, on the eligible items)"
        {...RUPEES_INPUT}
        defaultValue={0}
      />
      <DateTimeInput source="startsAt" label="Starts (optional)" />
      <DateTimeInput source="endsAt" label="Ends (optional)" validate={endAfterStart} />
      <NumberInput source="usageLimit" label="Uses in all (optional)" step={1} min={1} />
      <NumberInput source="usageLimitPerUser" label="Uses per shopper (optional)" step={1} min={1} />
      <BooleanInput source="firstOrderOnly" label="Only for a shopper’s first order" />
      <BooleanInput
        source="advertised"
        label="Advertise to shoppers"
        defaultValue={false}
        helperText="Shown in the homepage’s “Offers for you” (coupons without limits or categories) and the category offers. Off: private, works only when its code is typed at checkout."
      />
      <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
        Without categories or products the coupon applies to everything. A category covers everything under it.
      </Alert>
      <AutocompleteArrayInput
        source="categoryIds"
        label="Only these categories"
        choices={categories}
        optionText="path"
        fullWidth
      />
      <ReferenceArrayInput source="productIds" reference="products" perPage={20}>
        <AutocompleteArrayInput
          label="Only these products"
          optionText="name"
          filterToQuery={(q: string) => (q ? { q } : {})}
          fullWidth
        />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}

export function CouponCreate() {
  return (
    <Create title="New coupon" redirect="list">
      <CouponForm />
    </Create>
  );
}

/** Switches the coupon off (shoppers' codes are refused) or back on. */
function SwitchButton() {
  const coupon = useRecordContext<AdminCoupon>();
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!coupon) return null;
  const toggle = async () => {
    try {
      await dataProvider.setCouponActive(coupon.id, !coupon.isActive);
      notify(coupon.isActive ? 'Coupon switched off' : 'Coupon switched on', { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Button color={coupon.isActive ? 'error' : 'primary'} onClick={toggle}>
      {coupon.isActive ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

/** The coupon's state and use so far, above its form. */
function Usage() {
  const coupon = useRecordContext<AdminCoupon>();
  if (!coupon) return null;
  return (
    <Alert severity={coupon.state === 'running' ? 'success' : 'warning'} sx={{ m: 2, mb: 0 }} role="status">
      {STATE_NAMES[coupon.state]} · used {usesText(coupon)} {coupon.uses === 1 ? 'time' : 'times'} ·{' '}
      {rupees(coupon.discountedPaise)} discounted
    </Alert>
  );
}

function CouponTitle() {
  const coupon = useRecordContext<AdminCoupon>();
  return <>Coupon {coupon?.code ?? ''}</>;
}

export function CouponEdit() {
  return (
    <Edit
      title={<CouponTitle />}
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <SwitchButton />
        </TopToolbar>
      }
    >
      <Usage />
      <CouponForm />
    </Edit>
  );
}

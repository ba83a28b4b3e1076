/**
 * Size charts (docs/admin.md "Size charts"; docs/shopper-features.md "Size charts and fit"):
 * the store's and the brands' charts by category, and a form that replaces a chart's columns
 * (a length in cm or a size name), its rows (a size and a value per column) and its source. A
 * chart's brand and category stay; charts are neither made nor removed here, as the API has no
 * such calls. Reading needs `catalog.read`, saving `catalog.write`; the API's check names what
 * is wrong with a chart (SIZING_MESSAGES), shown as the save's error.
 */
import { Alert, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { SizeChart, SizeChartColumn } from '@vastra/contracts';
import {
  ArrayInput,
  DataTable,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  Toolbar,
  maxLength,
  regex,
  required,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { can } from '../authProvider';

/** "Store chart" or the brand's name. */
const chartName = (c: Pick<SizeChart, 'brand'>) => c.brand ?? 'Store chart';

export function SizeChartList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { permissions } = usePermissions();
  // Only those who may save are sent to the form.
  const editable = can(permissions, 'catalog.write');
  return (
    <List exporter={false} title="Size charts" perPage={50}>
      {small ? (
        <SimpleList<SizeChart>
          primaryText={(c) => `${chartName(c)} · ${c.category.name}`}
          secondaryText={(c) => `${c.rows.length} sizes · ${c.sourceName}`}
          linkType={editable ? 'edit' : false}
        />
      ) : (
        <DataTable rowClick={editable ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col label="Chart">
            <FunctionField<SizeChart> render={chartName} />
          </DataTable.Col>
          <DataTable.Col label="Category">
            <FunctionField<SizeChart> render={(c) => c.category.name} />
          </DataTable.Col>
          <DataTable.Col label="Sizes" align="right">
            <FunctionField<SizeChart> render={(c) => c.rows.length} />
          </DataTable.Col>
          <DataTable.Col label="Source">
            <FunctionField<SizeChart>
              render={(c) => (
                <Typography variant="body2" sx={{ maxWidth: 480 }} noWrap title={c.sourceName}>
                  {c.sourceName}
                </Typography>
              )}
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function SizeChartTitle() {
  const chart = useRecordContext<SizeChart>();
  return <>{chart ? `Size chart: ${chartName(chart)} · ${chart.category.name}` : 'Size chart'}</>;
}

/** The column's name on screen: "Chest (to fit) (cm)" for a length. */
const columnLabel = (c: Partial<SizeChartColumn>) => `${c.label || c.key}${c.unit === 'cm' ? ' (cm)' : ''}`;

/** One input per column of the chart as the form has it now, named with the row's size. */
function RowValues({ columns, size }: { columns: Partial<SizeChartColumn>[]; size: string }) {
  // A column without a usable key yet has nowhere to keep its values.
  const usable = columns.filter((c): c is SizeChartColumn => /^[a-z][a-z0-9_]{0,29}$/.test(c.key ?? ''));
  return usable.map((c) => {
    const label = columnLabel(c);
    const shared = {
      source: `values.${c.key}`,
      label,
      validate: required(),
      // The label repeats on every row; a screen reader hears which size the value is for.
      slotProps: { htmlInput: { 'aria-label': `${label}, size ${size || 'new'}` } },
      helperText: false as const,
      sx: { width: 140 },
    };
    return c.unit === 'cm' ? (
      <NumberInput key={c.key} {...shared} step={0.1} min={0.1} />
    ) : (
      <TextInput key={c.key} {...shared} />
    );
  });
}

/** Text to null so an empty source link is "no link" for the API. */
const emptyToNull = (v: string) => (v === '' ? null : v);

export function SizeChartEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = () => {
    notify('Size chart saved: shoppers see it on their next product page', { type: 'success' });
    redirect('list', 'size-charts');
  };
  return (
    <Edit title={<SizeChartTitle />} mutationMode="pessimistic" mutationOptions={{ onSuccess }}>
      <Alert severity="info" sx={{ m: 2, mb: 0 }}>
        Lengths are body measurements in centimetres; the store shows inches too. A product page shows its brand’s chart
        for its category, else the store’s. Saving replaces the whole chart; shoppers see it on their next page.
      </Alert>
      <SimpleForm
        sx={{ maxWidth: 1000 }}
        toolbar={
          // No delete: the API keeps every chart.
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography component="h2" variant="h6">
          Columns
        </Typography>
        <ArrayInput source="columns" label={false}>
          <SimpleFormIterator inline disableReordering disableClear>
            <TextInput
              source="key"
              label="Key"
              validate={[required(), regex(/^[a-z][a-z0-9_]{0,29}$/, 'Lower-case letters, digits and _')]}
              helperText={false}
              sx={{ width: 140 }}
            />
            <TextInput
              source="label"
              label="Label"
              validate={[required(), maxLength(40)]}
              helperText={false}
              sx={{ width: 200 }}
            />
            <TextInput
              source="labelHi"
              label="Label (Hindi)"
              validate={maxLength(40)}
              helperText={false}
              sx={{ width: 200 }}
              slotProps={{ htmlInput: { lang: 'hi' } }}
            />
            <SelectInput
              source="unit"
              label="Kind"
              choices={[{ id: 'cm', name: 'Length in cm' }]}
              emptyText="A size name (UK, EU …)"
              helperText={false}
              sx={{ width: 220 }}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <Typography component="h2" variant="h6">
          Sizes
        </Typography>
        <ArrayInput source="rows" label={false}>
          <SimpleFormIterator inline disableReordering disableClear>
            <TextInput
              source="size"
              label="Size"
              validate={[required(), maxLength(20)]}
              helperText={false}
              sx={{ width: 100 }}
            />
            <FormDataConsumer<{ columns?: Partial<SizeChartColumn>[]; size?: string }>>
              {({ formData, scopedFormData }) => (
                <RowValues columns={formData.columns ?? []} size={scopedFormData?.size ?? ''} />
              )}
            </FormDataConsumer>
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput
          source="sourceName"
          label="Where the figures come from"
          validate={[required(), maxLength(200)]}
          multiline
          fullWidth
        />
        <TextInput
          source="sourceUrl"
          label="Link to the source (optional)"
          type="url"
          parse={emptyToNull}
          validate={maxLength(500)}
          fullWidth
        />
      </SimpleForm>
    </Edit>
  );
}

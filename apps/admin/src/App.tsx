/**
 * The merchant admin (docs/admin.md): react-admin on the admin API, at /admin on the API's own
 * origin (browser routes under /admin; the API serves index.html for each). Screens a role
 * may not use are not offered; the API refuses them anyway.
 */
import type { ReactNode } from 'react';
import {
  Admin,
  CustomRoutes,
  Layout,
  Menu,
  Resource,
  defaultTheme,
  usePermissions,
  type RaThemeOptions,
} from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AccountPage } from './auth/AccountPage';
import { LoginPage } from './auth/LoginPage';
import { SetupPage } from './auth/SetupPage';
import { authProvider, can } from './authProvider';
import { Categories } from './categories/Categories';
import { SearchSynonyms } from './search/SearchSynonyms';
import { CollectionEdit } from './categories/CollectionEdit';
import { CollectionList } from './categories/CollectionList';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { DeliverySettings } from './delivery/DeliverySettings';
import { CodRemittance } from './courier/CodRemittance';
import { FailedDeliveries } from './courier/FailedDeliveries';
import { StoreSettings } from './settings/StoreSettings';
import { CustomerList, CustomerShow } from './customers/Customers';
import { OrderList } from './orders/OrderList';
import { OrderShow } from './orders/OrderShow';
import { ProductCreate } from './products/ProductForm';
import { ProductList } from './products/ProductList';
import { ProductShow } from './products/ProductShow';
import { PackingSlip } from './orders/PackingSlip';
import { DataBreachCreate, DataBreachEdit, DataBreachList } from './privacy/DataBreaches';
import { RefundList } from './refunds/RefundList';
import { GstReports } from './reports/GstReports';
import { ReturnList } from './returns/ReturnList';
import { ExchangeList } from './exchanges/ExchangeList';
import { GrievanceList, GrievanceShow } from './grievances/GrievanceList';
import { CouponCreate, CouponEdit, CouponList } from './marketing/Coupons';
import { GiftCardIssue, GiftCardList, GiftCardShow } from './marketing/GiftCards';
import { HomepagePreview } from './homepage/HomepagePreview';
import { HomepageSections } from './homepage/HomepageSections';
import { JobList } from './jobs/JobList';
import { SectionForm } from './homepage/SectionForm';
import { ReviewList } from './reviews/ReviewList';
import { PolicyEdit, PolicyList } from './policies/Policies';
import { SizeChartEdit, SizeChartList } from './sizing/SizeCharts';
import { GstRates } from './taxes/GstRates';
import { AuditList, StaffEdit, StaffInvite, StaffList } from './staff/Staff';
import { WebhookDeliveries } from './webhooks/WebhookDeliveries';
import { Webhooks } from './webhooks/Webhooks';

/** Someone who asked their system for less motion gets no animations (menus, dialogs, notices). */
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#8a1a42' }, secondary: { main: '#3d2b33' } },
  ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
  components: {
    ...defaultTheme.components,
    // The content column may shrink to a phone's width: wide tables scroll inside it instead
    // of widening the page.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaShow: { styleOverrides: { root: { '& .RaShow-main, & .RaShow-card': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    // react-admin's row checkboxes put their aria-label on MUI's wrapping span, where it names
    // nothing (axe: aria-prohibited-attr, label): move it onto the input itself.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
  },
};
function AdminMenu() {
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {can(permissions, 'catalog.read') ? <Menu.Item to="/categories" primaryText="Categories" /> : null}
      {can(permissions, 'catalog.read') ? <Menu.Item to="/collections" primaryText="Collections" /> : null}
      {can(permissions, 'catalog.read') ? <Menu.Item to="/search-synonyms" primaryText="Search synonyms" /> : null}
      {can(permissions, 'marketing.read') ? <Menu.Item to="/homepage" primaryText="Homepage" /> : null}
      <Menu.Item to="/failed-deliveries" primaryText="Failed deliveries" />
      {can(permissions, 'remittance.read') ? <Menu.Item to="/cod-remittance" primaryText="COD remittance" /> : null}
      {can(permissions, 'reports.read') ? <Menu.Item to="/reports/gst" primaryText="GST reports" /> : null}
      {can(permissions, 'settings.write') ? <Menu.Item to="/gst-rates" primaryText="GST rates" /> : null}
      {can(permissions, 'settings.write') ? <Menu.Item to="/delivery-settings" primaryText="Delivery zones" /> : null}
      {can(permissions, 'settings.write') ? <Menu.Item to="/store-settings" primaryText="Store settings" /> : null}
      {can(permissions, 'webhooks.manage') ? <Menu.Item to="/webhooks" primaryText="Webhooks" /> : null}
      <Menu.Item to="/account" primaryText="My account" />
    </Menu>
  );
}

function AdminLayout({ children }: { children: ReactNode }) {
  return <Layout menu={AdminMenu}>{children}</Layout>;
}

export function App() {
  // The set-up link is for someone without an account yet: it stands outside the signed-in app.
  if (window.location.pathname === '/admin/setup') return <SetupPage />;
  return (
    // The router's basename makes every react-admin path and link live under /admin.
    <BrowserRouter basename="/admin">
      <Routes>
        <Route
          path="/*"
          element={
            <Admin
              title="Vastra admin"
              dataProvider={dataProvider}
              authProvider={authProvider}
              loginPage={LoginPage}
              dashboard={Dashboard}
              theme={theme}
              layout={AdminLayout}
              disableTelemetry
            >
              {(permissions) => (
                <>
                  <Resource name="orders" list={OrderList} show={OrderShow} />
                  <Resource name="returns" list={ReturnList} />
                  <Resource name="exchanges" list={ExchangeList} />
                  <Resource name="grievances" list={GrievanceList} show={GrievanceShow} />
                  {can(permissions, 'refunds.read') ? <Resource name="refunds" list={RefundList} /> : null}
                  <Resource name="customers" list={CustomerList} show={CustomerShow} />
                  {can(permissions, 'catalog.read') ? (
                    <Resource name="products" list={ProductList} show={ProductShow} create={ProductCreate} />
                  ) : null}
                  {can(permissions, 'reviews.moderate') ? <Resource name="reviews" list={ReviewList} /> : null}
                  {can(permissions, 'catalog.read') ? (
                    <Resource
                      name="size-charts"
                      options={{ label: 'Size charts' }}
                      list={SizeChartList}
                      edit={can(permissions, 'catalog.write') ? SizeChartEdit : undefined}
                    />
                  ) : null}
                  {can(permissions, 'settings.write') ? (
                    <Resource name="policies" options={{ label: 'Policies' }} list={PolicyList} edit={PolicyEdit} />
                  ) : null}
                  {can(permissions, 'marketing.read') ? (
                    <Resource name="coupons" list={CouponList} create={CouponCreate} edit={CouponEdit} />
                  ) : null}
                  {can(permissions, 'marketing.read') ? (
                    <Resource
                      name="gift-cards"
                      options={{ label: 'Gift cards' }}
                      list={GiftCardList}
                      create={GiftCardIssue}
                      show={GiftCardShow}
                    />
                  ) : null}
                  {can(permissions, 'staff.manage') ? (
                    <Resource
                      name="staff"
                      options={{ label: 'Staff' }}
                      list={StaffList}
                      create={StaffInvite}
                      edit={StaffEdit}
                    />
                  ) : null}
                  {can(permissions, 'audit.read') ? (
                    <Resource name="audit" options={{ label: 'Audit log' }} list={AuditList} />
                  ) : null}
                  {can(permissions, 'audit.read') ? (
                    <Resource name="jobs" options={{ label: 'Jobs' }} list={JobList} />
                  ) : null}
                  {can(permissions, 'breaches.manage') ? (
                    <Resource
                      name="data-breaches"
                      options={{ label: 'Data breaches' }}
                      list={DataBreachList}
                      create={DataBreachCreate}
                      edit={DataBreachEdit}
                    />
                  ) : null}
                  <CustomRoutes>
                    <Route path="/account" element={<AccountPage />} />
                    <Route path="/reports/gst" element={<GstReports />} />
                    <Route path="/failed-deliveries" element={<FailedDeliveries />} />
                    {can(permissions, 'remittance.read') ? (
                      <Route path="/cod-remittance" element={<CodRemittance />} />
                    ) : null}
                    {can(permissions, 'settings.write') ? <Route path="/gst-rates" element={<GstRates />} /> : null}
                    {can(permissions, 'settings.write') ? (
                      <Route path="/delivery-settings" element={<DeliverySettings />} />
                    ) : null}
                    {can(permissions, 'settings.write') ? (
                      <Route path="/store-settings" element={<StoreSettings />} />
                    ) : null}
                    {can(permissions, 'webhooks.manage') ? (
                      <>
                        <Route path="/webhooks" element={<Webhooks />} />
                        <Route path="/webhooks/:id" element={<WebhookDeliveries />} />
                      </>
                    ) : null}
                    {can(permissions, 'catalog.read') ? (
                      <>
                        <Route path="/categories" element={<Categories />} />
                        <Route path="/collections" element={<CollectionList />} />
                        <Route path="/collections/:id" element={<CollectionEdit />} />
                        <Route path="/search-synonyms" element={<SearchSynonyms />} />
                      </>
                    ) : null}
                    {can(permissions, 'marketing.read') ? (
                      <>
                        <Route path="/homepage" element={<HomepageSections />} />
                        <Route path="/homepage/preview" element={<HomepagePreview />} />
                        <Route path="/homepage/new/:type" element={<SectionForm />} />
                        <Route path="/homepage/:id" element={<SectionForm />} />
                      </>
                    ) : null}
                  </CustomRoutes>
                  <CustomRoutes noLayout>
                    <Route path="/orders/:id/packing-slip" element={<PackingSlip />} />
                  </CustomRoutes>
                </>
              )}
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

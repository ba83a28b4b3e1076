/**
 * The signed-in staff member's account (docs/admin.md): two-factor sign-in set-up (QR code,
 * or the secret to type in; confirm with a code; recovery codes shown once) and, for the owner,
 * the store settings: two-factor sign-in mandatory for everyone, and the low-stock threshold.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import QRCode from 'qrcode';
import { useState } from 'react';
import type { AdminSettings } from '@vastra/contracts';
import { Title, useGetIdentity, useNotify, usePermissions } from 'react-admin';
import { adminApi } from '../client';
import { can, refreshSession } from '../authProvider';

export function AccountPage() {
  const notify = useNotify();
  const { permissions, refetch } = usePermissions();
  const { identity } = useGetIdentity();
  const [secret, setSecret] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [settings, setSettings] = useState<AdminSettings | null>(null);
  const [threshold, setThreshold] = useState('');

  const start = async () => {
    const answer = await adminApi.auth.startTotp().catch((err: Error) => notify(err.message, { type: 'error' }));
    if (answer) setSecret({ secret: answer.secret, qr: await QRCode.toDataURL(answer.uri, { margin: 1, width: 200 }) });
  };
  const enable = async () => {
    try {
      const { recoveryCodes: codes } = await adminApi.auth.enableTotp(code);
      setRecoveryCodes(codes);
      setSecret(null);
      refreshSession();
      await refetch();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const showSettings = (s: AdminSettings) => {
    setSettings(s);
    setThreshold(String(s.lowStockThreshold));
  };
  const loadSettings = () => adminApi.settings.get().then(showSettings);
  const saveSettings = async (change: Partial<AdminSettings>) => {
    try {
      showSettings(await adminApi.settings.save(change));
      notify('Settings saved', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const thresholdValid = /^\d{1,5}$/.test(threshold) && Number(threshold) <= 10_000;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="My account" />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography component="h2" variant="h6">
              Two-factor sign-in
            </Typography>
            <Typography>{identity?.fullName}</Typography>
            {recoveryCodes ? (
              <Alert severity="success">
                Two-factor sign-in is on. Keep these recovery codes somewhere safe; each works once:
                <Box component="pre" sx={{ fontSize: 16 }} data-testid="recovery-codes">
                  {recoveryCodes.join('\n')}
                </Box>
              </Alert>
            ) : secret ? (
              <>
                <img src={secret.qr} alt="QR code for your authenticator app" width={200} height={200} />
                <Typography>
                  Or type this key: <code data-testid="totp-secret">{secret.secret}</code>
                </Typography>
                <TextField label="Code from the app" value={code} onChange={(e) => setCode(e.target.value)} />
                <Button variant="contained" onClick={enable}>
                  Turn on
                </Button>
              </>
            ) : (
              <Button variant="outlined" onClick={start}>
                Set up two-factor sign-in
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      {can(permissions, 'settings.write') ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            {settings === null ? (
              <Button onClick={loadSettings}>Show store settings</Button>
            ) : (
              <Stack spacing={2}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.requireTotp}
                      onChange={(e) => saveSettings({ requireTotp: e.target.checked })}
                    />
                  }
                  label="Everyone must use two-factor sign-in"
                />
                <Stack
                  component="form"
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (thresholdValid) void saveSettings({ lowStockThreshold: Number(threshold) });
                  }}
                >
                  <TextField
                    label="Low stock at"
                    value={threshold}
                    onChange={(e) => setThreshold(e.target.value.trim())}
                    error={!thresholdValid}
                    helperText="A size with this many pieces or fewer is low stock (dashboard, product filter)."
                    slotProps={{
                      htmlInput: { inputMode: 'numeric' },
                      input: { endAdornment: <InputAdornment position="end">pieces</InputAdornment> },
                    }}
                    sx={{ maxWidth: 320 }}
                  />
                  <Button
                    type="submit"
                    variant="outlined"
                    disabled={!thresholdValid || Number(threshold) === settings.lowStockThreshold}
                    sx={{ mt: { sm: 1 } }}
                  >
                    Save threshold
                  </Button>
                </Stack>
              </Stack>
            )}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

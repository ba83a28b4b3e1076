/**
 * Staff sign-in (docs/admin.md): email and password; when two-factor sign-in is on, a second
 * step asks for the authenticator's code, or one recovery code.
 */
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { isTotpRequired, type LoginInput } from '../authProvider';

export function LoginPage() {
  const login = useLogin();
  const [form, setForm] = useState<LoginInput>({ email: '', password: '' });
  const [step, setStep] = useState<'password' | 'code' | 'recovery'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(form);
    } catch (err) {
      if (isTotpRequired(err)) setStep('code');
      else setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof LoginInput) => ({
    value: form[name] ?? '',
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#f5f2f3', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Typography component="h1" variant="h5" sx={{ color: '#8a1a42', fontWeight: 700 }}>
              Vastra admin
            </Typography>
            {step === 'password' ? (
              <>
                <TextField label="Email" type="email" autoComplete="username" required autoFocus {...field('email')} />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  required
                  {...field('password')}
                />
              </>
            ) : step === 'code' ? (
              <>
                <Typography>Enter the 6-digit code from your authenticator app.</Typography>
                <TextField
                  label="Authentication code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  autoFocus
                  {...field('code')}
                />
                <Link component="button" type="button" onClick={() => setStep('recovery')}>
                  Use a recovery code instead
                </Link>
              </>
            ) : (
              <TextField label="Recovery code" autoComplete="off" required autoFocus {...field('recoveryCode')} />
            )}
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button type="submit" variant="contained" disabled={busy} size="large">
              Sign in
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

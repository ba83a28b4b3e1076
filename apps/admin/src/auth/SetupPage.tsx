/**
 * The set-up link of an invitation or of the first owner (`/admin/setup?token=…`, docs/admin.md):
 * says who it is for, lets them choose a password, then sends them to sign in.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, type Invite } from '../client';

export function SetupPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [invite, setInvite] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    adminApi.auth.checkInvite(token).then(setInvite, (err: Error) => setError(err.message));
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await adminApi.auth.acceptInvite(token, password);
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent component="form" onSubmit={submit}>
          <Stack spacing={2}>
            <Typography component="h1" variant="h5">
              Set up your admin account
            </Typography>
            {invite && !done ? (
              <>
                <Typography>
                  {invite.name} ({invite.email}), you join as <strong>{invite.role}</strong>. Choose a password of 8
                  characters or more.
                </Typography>
                <TextField
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
                <Button type="submit" variant="contained">
                  Create my account
                </Button>
              </>
            ) : null}
            {done ? (
              <Alert severity="success">
                Your account is ready. <a href="/admin/login">Sign in</a>
              </Alert>
            ) : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

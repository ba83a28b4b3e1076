/**
 * The homepage as a shopper sees it at a chosen moment (docs/admin.md "Homepage"): the API
 * answers the sections exactly as GET /homepage-sections would then (switched on, within their
 * dates, links resolved), and each is drawn simply here: slides, tiles, product cards,
 * quotes, categories. For checking a schedule or an edit before shoppers see it.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { formatPrice, type HomepageSection, type ProductSummary } from '@vastra/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { istDateTime } from '../api';
import { adminApi } from '../client';
import { fromIstInput, toIstInput } from './sections';

const tiles = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' } as const;

function Picture({ src, alt, ratio = '4 / 5' }: { src: string | null | undefined; alt: string; ratio?: string }) {
  return src ? (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{ width: '100%', aspectRatio: ratio, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
    />
  ) : (
    <Box sx={{ width: '100%', aspectRatio: ratio, borderRadius: 1, bgcolor: 'grey.100' }} />
  );
}

function Products({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return <Typography color="text.secondary">No products in stock to show.</Typography>;
  return (
    <Box sx={tiles}>
      {products.map((p) => (
        <Box key={p.id}>
          <Picture src={p.primaryImage?.url} alt="" />
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {p.name}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatPrice(p.price)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Linked({ label, href }: { label: string; href: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      Button: “{label}” → {href}
    </Typography>
  );
}

function SectionBody({ section }: { section: HomepageSection }): ReactNode {
  switch (section.section_type) {
    case 'hero':
      return (
        <Box sx={{ ...tiles, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {section.content.slides.map((s, i) => (
            <Box key={i}>
              <Picture src={s.image} alt="" ratio="16 / 9" />
              <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{s.title}</Typography>
              <Typography variant="body2">{s.subtitle}</Typography>
              <Linked label={s.cta.label} href={s.cta.href} />
            </Box>
          ))}
        </Box>
      );
    case 'fashion_showcase':
      return (
        <Box sx={tiles}>
          {section.content.items.map((item, i) => (
            <Box key={i}>
              <Picture src={item.image} alt="" />
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {item.title} → {item.href}
              </Typography>
            </Box>
          ))}
        </Box>
      );
    case 'collection_highlight':
      return (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Collection: {section.content.collection.name}
          </Typography>
          <Products products={section.content.products} />
          <Linked label={section.content.cta.label} href={section.content.cta.href} />
        </>
      );
    case 'best_seller_products':
      return (
        <>
          <Products products={section.content.products} />
          <Linked label={section.content.cta.label} href={section.content.cta.href} />
        </>
      );
    case 'testimonials':
      return (
        <Stack sx={{ gap: 1 }}>
          {section.content.testimonials.map((t, i) => (
            <Typography key={i} variant="body2">
              “{t.quote}” — {t.name}, {t.city} ({t.rating}/5)
            </Typography>
          ))}
        </Stack>
      );
    case 'featured_categories':
      return (
        <Box sx={tiles}>
          {section.content.categories.map((c) => (
            <Box key={c.id}>
              <Picture src={c.image} alt="" ratio="1 / 1" />
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {c.name} ({c.productCount})
              </Typography>
            </Box>
          ))}
        </Box>
      );
  }
}

export function HomepagePreview() {
  const notify = useNotify();
  const [moment, setMoment] = useState(() => toIstInput(new Date().toISOString()));
  const [shown, setShown] = useState<{ at: string; sections: HomepageSection[] } | null>(null);

  const load = useCallback(
    (value: string) => {
      const at = fromIstInput(value) ?? new Date().toISOString();
      adminApi.homepage.preview(at).then(setShown, (err: Error) => notify(err.message, { type: 'error' }));
    },
    [notify],
  );
  // At first, now.
  useEffect(() => load(''), [load]);

  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Homepage" />
      <Button component={Link} to="/homepage" sx={{ mb: 1 }}>
        ← All sections
      </Button>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        Homepage preview
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          load(moment);
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      >
        <TextField
          label="As shoppers see it on (India time)"
          type="datetime-local"
          value={moment}
          onChange={(e) => setMoment(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
        <Button type="submit" variant="contained">
          Show
        </Button>
      </Box>
      {shown ? (
        <>
          <Typography role="status" sx={{ mb: 2 }}>
            {shown.sections.length} {shown.sections.length === 1 ? 'section' : 'sections'} on {istDateTime(shown.at)},
            top to bottom.
          </Typography>
          {shown.sections.length === 0 ? <Alert severity="warning">Shoppers would see no sections.</Alert> : null}
          <Stack component="ol" aria-label="Sections shoppers see" sx={{ gap: 2, p: 0, m: 0, listStyle: 'none' }}>
            {shown.sections.map((s) => (
              <Card component="li" key={s.id} variant="outlined">
                <CardContent>
                  <Typography component="h2" variant="h6">
                    {s.title}
                  </Typography>
                  {s.subtitle ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {s.subtitle}
                    </Typography>
                  ) : null}
                  <SectionBody section={s} />
                </CardContent>
              </Card>
            ))}
          </Stack>
        </>
      ) : (
        <Typography>Loading…</Typography>
      )}
    </Box>
  );
}

/**
 * The homepage's sections in the order shoppers see them (docs/admin.md "Homepage"): each
 * with its type, title, schedule and state; dragged into a new order (or moved with the
 * "Move up"/"Move down" buttons, or the keyboard on the drag handle), saved at once. Owner and
 * staff; support is not offered the screen and the API refuses it anyway.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Box, Button, Card, Chip, IconButton, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { SECTION_TYPES, type AdminSection, type SectionType } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { Link, Title, useNotify, usePermissions } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../client';
import { can } from '../authProvider';
import { STATE_NAMES, TYPE_NAMES, scheduleText } from './sections';

const STATE_COLOURS = { live: 'success', scheduled: 'info', ended: 'default', inactive: 'default' } as const;

function SectionRow(props: {
  section: AdminSection;
  index: number;
  count: number;
  editable: boolean;
  busy: boolean;
  move: (from: number, to: number) => void;
}) {
  const { section: s, index, count, editable, busy, move } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: s.id,
    disabled: !editable,
  });
  return (
    <Card
      ref={setNodeRef}
      component="li"
      data-testid={`section-${s.id}`}
      variant="outlined"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 4 : 'none',
      }}
    >
      {editable ? (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder: ${s.title}`}
          sx={{ cursor: 'grab', touchAction: 'none', fontSize: 20 }}
        >
          <span aria-hidden>⠿</span>
        </IconButton>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 24 }} aria-label={`Position ${index + 1}`}>
        {index + 1}.
      </Typography>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {s.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {TYPE_NAMES[s.sectionType]} · {scheduleText(s)}
        </Typography>
      </Box>
      <Chip size="small" label={STATE_NAMES[s.state]} color={STATE_COLOURS[s.state]} variant="outlined" />
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {editable ? (
          <>
            <Button
              size="small"
              disabled={busy || index === 0}
              onClick={() => move(index, index - 1)}
              aria-label={`Move up: ${s.title}`}
            >
              Move up
            </Button>
            <Button
              size="small"
              disabled={busy || index === count - 1}
              onClick={() => move(index, index + 1)}
              aria-label={`Move down: ${s.title}`}
            >
              Move down
            </Button>
          </>
        ) : null}
        <Button
          size="small"
          component={Link}
          to={`/homepage/${s.id}`}
          aria-label={`${editable ? 'Edit' : 'View'}: ${s.title}`}
        >
          {editable ? 'Edit' : 'View'}
        </Button>
      </Stack>
    </Card>
  );
}

/** "Add section": a menu of the section types; each opens the new section's form. */
function AddSection() {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="contained" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Add section
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SECTION_TYPES.map((t: SectionType) => (
          <MenuItem key={t} onClick={() => navigate(`/homepage/new/${t}`)}>
            {TYPE_NAMES[t]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function HomepageSections() {
  const { permissions } = usePermissions();
  const editable = can(permissions, 'marketing.write');
  const notify = useNotify();
  const [sections, setSections] = useState<AdminSection[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    adminApi.homepage.sections().then(setSections, (err: Error) => notify(err.message, { type: 'error' }));
  }, [notify]);

  /** Moves a section and saves the whole order at once; on a refusal the list goes back. */
  const move = async (from: number, to: number) => {
    if (!sections || from === to) return;
    const before = sections;
    const moved = arrayMove(sections, from, to);
    setSections(moved);
    setBusy(true);
    try {
      setSections(await adminApi.homepage.order(moved.map((s) => s.id)));
      setStatus(`Order saved: “${before[from]!.title}” is now number ${to + 1}.`);
    } catch (err) {
      setSections(before);
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!sections || !over) return;
    const ids = sections.map((s) => s.id);
    void move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="Homepage" />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flex: '1 1 auto' }}>
          Homepage sections
        </Typography>
        <Button variant="outlined" component={Link} to="/homepage/preview">
          Preview
        </Button>
        {editable ? <AddSection /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Shoppers see the sections that are switched on and within their dates, top to bottom.
        {editable ? ' Drag a section by its handle, or use Move up and Move down; the order is saved at once.' : ''}
      </Typography>
      <Box role="status" aria-live="polite" sx={{ minHeight: 24, mb: 1 }}>
        {status ? <Alert severity="success">{status}</Alert> : null}
      </Box>
      {sections === null ? (
        <Typography>Loading…</Typography>
      ) : sections.length === 0 ? (
        <Alert severity="info">The homepage has no sections yet.</Alert>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <Stack
              component="ol"
              aria-label="Homepage sections in order"
              sx={{ gap: 1, p: 0, m: 0, listStyle: 'none' }}
            >
              {sections.map((s, i) => (
                <SectionRow
                  key={s.id}
                  section={s}
                  index={i}
                  count={sections.length}
                  editable={editable}
                  busy={busy}
                  move={move}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}

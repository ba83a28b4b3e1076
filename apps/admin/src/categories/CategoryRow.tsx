/** One category of the tree with its actions (docs/admin.md "Categories and collections"), and the levels' names. */
import { Box, Button, Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import type { AdminCategoryNode, CategoryLevel } from '@vastra/contracts';
import { useState } from 'react';

export const LEVEL_NAMES: Record<CategoryLevel, string> = {
  master: 'Top level',
  sub: 'Sub-category',
  article: 'Product category',
};
export const LEVEL_ABOVE: Record<CategoryLevel, CategoryLevel | null> = { master: null, sub: 'master', article: 'sub' };
export function CategoryRow(props: {
  node: AdminCategoryNode;
  siblings: AdminCategoryNode[];
  editable: boolean;
  open: boolean;
  toggle: () => void;
  act: (action: 'rename' | 'create' | 'move' | 'up' | 'down' | 'hide' | 'show', node: AdminCategoryNode) => void;
}) {
  const { node, siblings, editable, open, toggle, act } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const index = siblings.findIndex((s) => s.id === node.id);
  const pick = (action: Parameters<typeof act>[0]) => {
    setAnchor(null);
    act(action, node);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      {node.children.length > 0 ? (
        <Button
          size="small"
          onClick={toggle}
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} the categories under ${node.name}`}
          sx={{ minWidth: 32, px: 0 }}
        >
          {open ? '▾' : '▸'}
        </Button>
      ) : (
        <Box sx={{ width: 32 }} />
      )}
      <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: node.level === 'master' ? 600 : 400 }}>
          {node.name}
        </Typography>{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          /{node.slug}
          {node.level === 'article' ? ` · ${node.products} product${node.products === 1 ? '' : 's'}` : ''}
        </Typography>
        {node.isActive ? null : <Chip size="small" label="Hidden" sx={{ ml: 1 }} />}
      </Box>
      {editable ? (
        <>
          <Button
            size="small"
            aria-haspopup="menu"
            aria-label={`Change ${node.name}`}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            Change
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem onClick={() => pick('rename')}>Rename</MenuItem>
            {node.level !== 'article' ? (
              <MenuItem onClick={() => pick('create')}>
                Add a {node.level === 'master' ? 'sub-category' : 'product category'}
              </MenuItem>
            ) : null}
            {node.level !== 'master' ? <MenuItem onClick={() => pick('move')}>Move to…</MenuItem> : null}
            <MenuItem disabled={index <= 0} onClick={() => pick('up')}>
              Move up
            </MenuItem>
            <MenuItem disabled={index >= siblings.length - 1} onClick={() => pick('down')}>
              Move down
            </MenuItem>
            <MenuItem onClick={() => pick(node.isActive ? 'hide' : 'show')}>
              {node.isActive ? 'Hide from the shop' : 'Show in the shop'}
            </MenuItem>
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}

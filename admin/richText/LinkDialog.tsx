import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  type PaperProps,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Editor } from '@tiptap/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { SEARCH_QUERY_MAX, type AdminSearchResult } from '@lib/search.js';

const DEBOUNCE_MS = 300;

export interface LinkDialogProps {
  editor: Editor;
  /** The address of the link the cursor is in; empty for a new link. */
  current: string;
  onClose: () => void;
}

/**
 * A link's address: typed, or a record of the site found by a word of its title (drafts too), whose public address
 * goes in; a record's address that changes later answers 301 to the new one, so the link keeps working. A link
 * already there can be changed or removed.
 */
export function LinkDialog({ editor, current, onClose }: LinkDialogProps) {
  const translate = useTranslate();
  const [address, setAddress] = useState(current);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useGetList<AdminSearchResult>('search', { filter: { q }, pagination: { page: 1, perPage: 20 } }, { enabled: q.length > 0 });

  const link = (href: string) => {
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onClose();
  };
  const unlink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events through portals: the record's form around the editor must not take this one as its own.
    event.stopPropagation();
    if (address.trim()) link(address.trim());
  };
  return (
    // A form, so that Enter in the address applies it as the button does.
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="link-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as PaperProps<'form'> }}
    >
      <DialogTitle id="link-dialog-title">{translate('app.rich_text.link.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('app.rich_text.link.address')}
            helperText={translate('app.rich_text.link.address_help')}
            value={address}
            autoFocus
            onChange={(event) => setAddress(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <TextField
            type="search"
            label={translate('app.rich_text.link.search')}
            helperText={translate('app.rich_text.link.search_help')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX } }}
          />
          {q && !isFetching && data?.length === 0 ? <Typography variant="body2">{translate('app.search.nothing')}</Typography> : null}
          {q && data && data.length > 0 ? (
            <List dense aria-label={translate('app.rich_text.link.results')} sx={{ maxHeight: 280, overflowY: 'auto' }}>
              {data.map((item) => (
                <ListItemButton key={`${item.resource}-${item.id}`} onClick={() => link(item.url)}>
                  <ListItemText
                    primary={item.title}
                    secondary={[item.kind, item.url, item.published ? null : translate('app.search.draft')].filter(Boolean).join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {current ? (
          <Button color="error" onClick={unlink} sx={{ mr: 'auto' }}>
            {translate('app.rich_text.link.remove')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" type="submit" disabled={!address.trim()}>
          {translate('app.rich_text.link.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

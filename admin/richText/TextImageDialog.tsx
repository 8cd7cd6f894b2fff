import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  type PaperProps,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { Editor } from '@tiptap/core';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, textImageSrc, type ImageWidth } from '@lib/richText.js';
import type { Asset } from '../../dataProvider/index.js';
import { AssetPicker } from '../assets/AssetPicker.js';
import type { TextImageAttributes } from './textImage.js';

/** What the library's picker offers to upload for text: the pictures the site shows with variants, and SVG. */
const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,.svg';

export interface TextImageDialogProps {
  editor: Editor;
  /** The image selected in the text, to change; none to insert a new one, picked first from the library. */
  current: TextImageAttributes | null;
  onClose: () => void;
}

/**
 * Inserting an image into text: the library's picker (pick, or upload and pick), then its alt text (the asset's
 * offered, required unless the image is marked decorative), its width and caption. The same details change an image
 * already in the text.
 */
export function TextImageDialog({ editor, current, onClose }: TextImageDialogProps) {
  const notify = useNotify();
  const [details, setDetails] = useState<TextImageAttributes | null>(current);
  const picked = useRef(false);
  if (!details) {
    const pick = (asset: Asset) => {
      // The picker's upload takes any file; a document uploaded there is no image for the text.
      if (asset.kind !== 'image') {
        notify('app.rich_text.image.not_image_asset', { type: 'warning', messageArgs: { name: asset.name } });
        return;
      }
      picked.current = true;
      setDetails({ assetId: asset.id, alt: asset.alt.trim(), width: DEFAULT_IMAGE_WIDTH, caption: asset.caption.trim() });
    };
    // The picker closes itself after a pick; closed without one, the insertion ends.
    const close = () => {
      if (!picked.current) onClose();
    };
    return <AssetPicker open kind="image" accept={IMAGE_ACCEPT} onPick={pick} onClose={close} />;
  }
  const save = (attributes: TextImageAttributes) => {
    const chain = editor.chain().focus();
    (current ? chain.updateAttributes('textImage', attributes) : chain.insertTextImage(attributes)).run();
    onClose();
  };
  return <ImageDetails initial={details} inserting={current === null} onSave={save} onCancel={onClose} />;
}

interface ImageDetailsProps {
  initial: TextImageAttributes;
  inserting: boolean;
  onSave: (attributes: TextImageAttributes) => void;
  onCancel: () => void;
}

function ImageDetails({ initial, inserting, onSave, onCancel }: ImageDetailsProps) {
  const translate = useTranslate();
  const [alt, setAlt] = useState(initial.alt ?? '');
  // An image described as empty was marked decorative; one not yet described was not.
  const [decorative, setDecorative] = useState(initial.alt === '' && !inserting);
  const [width, setWidth] = useState<ImageWidth>(initial.width);
  const [caption, setCaption] = useState(initial.caption);
  const [tried, setTried] = useState(false);
  const missingAlt = !decorative && alt.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missingAlt) return;
    onSave({ assetId: initial.assetId, alt: decorative ? '' : alt.trim(), width, caption: caption.trim() });
  };
  return (
    // A form, so that Enter in the alt text saves as the button does.
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="text-image-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as PaperProps<'form'> }}
    >
      <DialogTitle id="text-image-title">{translate('app.rich_text.image.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            component="img"
            src={textImageSrc(initial.assetId)}
            alt=""
            sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain', alignSelf: 'flex-start' }}
          />
          <TextField
            label={translate('app.rich_text.image.alt')}
            value={decorative ? '' : alt}
            disabled={decorative}
            required={!decorative}
            autoFocus
            onChange={(event) => setAlt(event.target.value)}
            error={tried && missingAlt}
            helperText={tried && missingAlt ? translate('app.rich_text.image.alt_required') : translate('app.rich_text.image.alt_help')}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={decorative} onChange={(event) => setDecorative(event.target.checked)} />}
            label={translate('app.rich_text.image.decorative')}
          />
          <FormControl>
            <FormLabel id="text-image-width">{translate('app.rich_text.image.width')}</FormLabel>
            <RadioGroup row aria-labelledby="text-image-width" value={width} onChange={(event) => setWidth(event.target.value as ImageWidth)}>
              {IMAGE_WIDTHS.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={translate(`app.rich_text.image.widths.${choice}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={translate('app.rich_text.image.caption')}
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            multiline
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" type="submit">
          {translate(inserting ? 'app.rich_text.image.insert' : 'app.rich_text.image.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

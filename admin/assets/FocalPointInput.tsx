import { Box, Typography } from '@mui/material';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import type { Asset } from '../../dataProvider/index.js';

/** A coordinate kept to three decimals, within 0–1. */
const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/** Arrow keys move the point by this share of the image. */
const KEY_STEP = 0.05;
const KEY_MOVES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

/**
 * The focal point of an image (`focal_x`, `focal_y`, 0–1 from the top left): a click on the image puts it there
 * (arrow keys move it), and every crop the site cuts keeps that point in the frame.
 */
export const FocalPointInput = () => {
  const record = useRecordContext<Asset>();
  const translate = useTranslate();
  const x = useInput({ source: 'focal_x', defaultValue: 0.5 });
  const y = useInput({ source: 'focal_y', defaultValue: 0.5 });
  if (!record || record.kind !== 'image') return null;
  const [focalX, focalY] = [Number(x.field.value ?? 0.5), Number(y.field.value ?? 0.5)];
  const place = (nextX: number, nextY: number) => {
    x.field.onChange(clamp(nextX));
    y.field.onChange(clamp(nextY));
  };
  const click = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    place((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };
  const key = (event: KeyboardEvent<HTMLElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    place(focalX + move[0], focalY + move[1]);
  };
  const value = translate('app.assets.edit.focal_value', { x: Math.round(focalX * 100), y: Math.round(focalY * 100) });
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2">{translate('app.assets.edit.focal')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('app.assets.edit.focal_help')}
      </Typography>
      <Box
        role="button"
        tabIndex={0}
        aria-label={value}
        data-testid="focal-point-area"
        onClick={click}
        onKeyDown={key}
        sx={{ position: 'relative', display: 'inline-block', cursor: 'crosshair', lineHeight: 0, mt: 1 }}
      >
        <Box component="img" src={record.url} alt={record.alt} sx={{ maxWidth: '100%', maxHeight: 420, display: 'block' }} draggable={false} />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: `${focalX * 100}%`,
            top: `${focalY * 100}%`,
            width: 24,
            height: 24,
            ml: '-12px',
            mt: '-12px',
            borderRadius: '50%',
            border: '3px solid white',
            boxShadow: '0 0 0 2px rgba(0,0,0,0.6)',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Typography variant="body2" role="status">
        {value}
      </Typography>
    </Box>
  );
};

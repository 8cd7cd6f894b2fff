import { Card, CardContent, CardHeader, List as MuiList, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A card of the dashboard: its title, then its list, or a line saying it is empty. */
export const ListCard = ({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: ReactNode[] }) => (
  <Card data-testid={testId}>
    <CardHeader title={title} />
    <CardContent>{children.length === 0 ? <Typography variant="body2">{empty}</Typography> : <MuiList dense>{children}</MuiList>}</CardContent>
  </Card>
);

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PublicRecord } from '../../lib/content.js';
import { plainText } from '../../lib/html.js';
import { RESOURCES, type ICalendarDeclaration, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { SiteSettings } from '../../lib/site.js';
import { publicRead } from '../cache/publicRead.js';
import { calendarFile, type CalendarEvent } from './icalendar.js';

/** The most events a feed lists: its first ones in the list's order (the soonest upcoming). */
const FEED_EVENTS = 500;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The iCalendar feeds the resource declarations name (`public.icalendar`): the feed of a list's first part and the
 * one-event file of each record with a page, both public reads the page cache keeps.
 */
export const icalendarRoutes: FastifyPluginAsync<{ site: SiteSettings }> = async (app, { site }) => {
  const host = new URL(site.publicUrl).host;

  const eventOf = (resource: ResourceDescriptor, feed: ICalendarDeclaration, record: PublicRecord): CalendarEvent => {
    const description = textOf(feed.description && record[feed.description]);
    const page = resource.public?.page;
    return {
      uid: `${resource.name}-${record.id}@${host}`,
      start: String(record[feed.start]),
      end: textOf(feed.end && record[feed.end]),
      summary: String(record[feed.summary]),
      description: description && plainText(description, { paragraphs: true }),
      location: textOf(feed.location && record[feed.location]),
      url: page ? `${site.publicUrl}${encodeURI(page.path(record))}` : null,
    };
  };

  const send = (reply: FastifyReply, feed: ICalendarDeclaration, events: CalendarEvent[], download: string | null) => {
    const body = calendarFile({ product: `-//${site.brand}//${feed.name}//RU`, name: feed.name, events, stamp: new Date() });
    if (download) reply.header('Content-Disposition', `attachment; filename="${download}"`);
    return reply.type('text/calendar; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  };

  for (const resource of RESOURCES as readonly ResourceDescriptor[]) {
    const feed = resource.public?.icalendar;
    if (!feed) continue;
    if (resource.public?.list) {
      app.get(feed.path, publicRead(), async (_request, reply) => {
        const { items } = await app.content.reads.list(resource.name, { page: 1, perPage: FEED_EVENTS });
        return send(
          reply,
          feed,
          items.map((record) => eventOf(resource, feed, record)),
          null,
        );
      });
    }
    // `byId` pages are found by id too: their files' addresses are the same in every language.
    if (resource.public?.page) {
      app.get<{ Params: { key: string } }>(
        `${feed.path.slice(0, -'.ics'.length)}/:key.ics`,
        { schema: { params: z.object({ key: z.string().max(200) }) }, ...publicRead() },
        async (request, reply) => {
          const record = await app.content.reads.record(resource.name, request.params.key);
          if (!record) return reply.callNotFound();
          const page = resource.public?.page;
          return send(reply, feed, [eventOf(resource, feed, record)], `${String(page ? record[page.key] : record.id)}.ics`);
        },
      );
    }
  }
};

import { useState } from 'react';
import { imageAlt } from '@lib/titles.js';
import type { Video } from '@lib/types.js';
import { useAltTemplate, useTexts } from '../i18n/useTexts.js';
import { Picture } from './Picture.js';

function withAutoplay(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}autoplay=1`;
}

/** A video preview; the player (an iframe) loads only when the visitor asks for it. */
export function VideoPlayer({ video }: { video: Video }) {
  const altTemplate = useAltTemplate();
  const texts = useTexts();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="player">
        <iframe
          className="player__frame"
          src={withAutoplay(video.video_url)}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <button type="button" className="player player--preview" onClick={() => setPlaying(true)} aria-label={texts.watchVideo(video.title)}>
      {video.preview ? (
        <Picture
          image={video.preview}
          crop="card"
          altInPlace={false}
          alt={imageAlt(video.preview.alt, video.title, altTemplate)}
          sizes="(min-width: 992px) 600px, 100vw"
        />
      ) : (
        <span className="player__placeholder" aria-hidden="true" />
      )}
      <span className="player__play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
    </button>
  );
}

import { useData } from 'vike-react/useData';
import { useLoadMore } from '../../../../client/useLoadMore.js';
import { DateText } from '../../../../components/DateText.js';
import { LoadMoreButton } from '../../../../components/LoadMoreButton.js';
import { MediaLayout } from '../../../../components/MediaLayout.js';
import { Pagination } from '../../../../components/Pagination.js';
import { VideoPlayer } from '../../../../components/VideoPlayer.js';
import { useApiInLanguage, useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import type { VideoData } from './+data.js';

export function Page() {
  const { list: initial } = useData<VideoData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const inLanguage = useApiInLanguage();
  const list = useLoadMore(initial, (page) => inLanguage(`/api/media/video-items?page=${page}`));
  return (
    <MediaLayout tab="video" page={initial.page}>
      {list.items.length === 0 ? (
        <p className="empty">{texts.noVideos}</p>
      ) : (
        <ul className="videos" data-testid="video-list">
          {list.items.map((video) => (
            <li key={video.id} className={`video${video.fixed ? ' video--fixed' : ''}`} data-fixed={video.fixed ? 'true' : 'false'}>
              <VideoPlayer video={video} />
              <div className="video__body">
                <p className="video__meta">
                  {video.fixed ? <span className="badge">{texts.pinned}</span> : null}
                  <DateText value={video.public_at} />
                </p>
                <h2 className="video__title">{video.title}</h2>
                {video.lead && <p className="video__lead">{video.lead}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname={localized('/media/video')} page={initial.page} pageCount={initial.pageCount} />
    </MediaLayout>
  );
}

import { useState } from "react";
import { Icon } from "./icons";
import { SampleEstimateCard } from "./sample-estimate-card";

/**
 * The promo video, click to play: a local poster first, so the page downloads no video player
 * until the visitor asks for it. Without JavaScript the poster is a link to the video.
 * With no video configured, the product preview is shown instead.
 */
export function VideoEmbed({ youtubeId, title }: { youtubeId: string | null; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (!youtubeId) return <SampleEstimateCard />;

  if (playing) {
    return (
      <div className="aspect-video overflow-hidden rounded-2xl bg-black shadow-xl">
        <iframe
          className="h-full w-full"
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <a
      href={`https://www.youtube.com/watch?v=${youtubeId}`}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 shadow-xl"
      aria-label={`Play video: ${title}`}
    >
      <img
        src="/video-poster.svg"
        alt=""
        width={1280}
        height={720}
        className="h-full w-full object-cover opacity-90"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-brand-600 shadow-lg transition group-hover:scale-105">
          <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      </span>
      <span className="absolute bottom-3 left-4 flex items-center gap-2 text-sm font-medium text-white">
        <Icon name="camera" className="h-4 w-4" /> {title}
      </span>
    </a>
  );
}

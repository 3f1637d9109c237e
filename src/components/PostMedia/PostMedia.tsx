import { useEffect, useRef, useState } from 'react';

/**
 * SPEC: a post image that fails to load hides itself. An image can fail before React hydrates and
 * attaches `onError`, so the effect also checks an image that has already finished without pixels.
 */
export function HidingImage({ src, alt, className, loading }: { src: string; alt: string; className?: string; loading?: 'lazy' | 'eager' }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return <img ref={ref} src={src} alt={alt} className={className} loading={loading} decoding="async" hidden={failed} onError={() => setFailed(true)} />;
}

/** The post's image, or only when there is none, its video with controls. */
export function PostMedia({
  image,
  video,
  alt,
  className,
  lazy = true,
}: {
  image: string | null;
  video: string | null;
  alt: string;
  className?: string;
  lazy?: boolean;
}) {
  if (image) return <HidingImage src={image} alt={alt} className={className} loading={lazy ? 'lazy' : undefined} />;
  if (video) return <video className={className} src={video} controls preload="metadata" aria-label={alt || 'Post video'} />;
  return null;
}

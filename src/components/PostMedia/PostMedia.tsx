import { useEffect, useRef, useState } from 'react';
import { webpTwinOf } from '../../shared/webp-twin.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import type { UploadedImage } from '../../shared/uploaded-image.ts';

/**
 * A post image that fails to load hides itself. An image can fail before React hydrates and
 * attaches `onError`, so the effect also checks an image that has already finished without pixels.
 */
export function HidingImage({
  src,
  alt,
  className,
  priority = false,
  picture,
  sizes,
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
  /** An uploaded photo's copies and shape: the browser picks the format and width it needs. */
  picture?: UploadedImage | null;
  /** How wide the image shows, for the browser's pick among the copies. */
  sizes?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  // The largest image above the fold is fetched first; every other one waits until it nears the screen.
  const image = (
    <img
      ref={ref}
      src={picture?.src ?? siteImageUrl(src)}
      srcSet={picture?.srcSet || undefined}
      sizes={picture?.srcSet ? sizes : undefined}
      width={picture?.width}
      height={picture?.height}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      hidden={failed}
      onError={() => setFailed(true)}
    />
  );
  if (picture?.sources.length) {
    return (
      <picture>
        {picture.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
        ))}
        {image}
      </picture>
    );
  }
  const webp = webpTwinOf(src);
  if (!webp) return image;
  return (
    <picture>
      <source type="image/webp" srcSet={siteImageUrl(webp)} />
      {image}
    </picture>
  );
}

/** The post's image, or only when there is none, its video with controls. */
export function PostMedia({
  image,
  video,
  alt,
  className,
  priority = false,
  picture,
  sizes,
}: {
  image: string | null;
  video: string | null;
  alt: string;
  className?: string;
  /** The page's largest image above the fold: loaded at once and first. */
  priority?: boolean;
  picture?: UploadedImage | null;
  sizes?: string;
}) {
  if (image)
    return (
      <HidingImage
        src={image}
        alt={alt}
        className={className}
        priority={priority}
        picture={picture}
        sizes={sizes}
      />
    );
  if (video)
    return (
      // The owner uploads a video file, not a caption track; the post's text says what it shows.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video className={className} src={video} controls preload="metadata" aria-label={alt || 'Post video'} />
    );
  return null;
}

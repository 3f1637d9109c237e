import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ShownPhoto } from '../../shared/shown-photo.ts';
import * as styles from './PhotoCarousel.css.ts';

/** Index after a step of +1 or -1, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}

/** The carousel is at most about 640 px wide; the lightbox fills the screen. */
const CAROUSEL_SIZES = '(min-width: 1024px) 640px, 100vw';

function GalleryPicture({
  image,
  lazy,
  className,
  sizes,
}: {
  image: ShownPhoto;
  lazy: boolean;
  className?: string;
  sizes: string;
}) {
  const { src, srcSet, sources } = image.image;
  return (
    <picture>
      {sources.map((source) => (
        <source
          key={source.type}
          srcSet={source.srcSet}
          type={source.type}
          sizes={source.srcSet.includes(' ') ? sizes : undefined}
        />
      ))}
      <img
        className={className}
        src={src}
        srcSet={srcSet || undefined}
        sizes={srcSet ? sizes : undefined}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    </picture>
  );
}

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
      <path
        d={
          direction === 'previous'
            ? 'M15.4 6.4 14 5l-7 7 7 7 1.4-1.4L9.8 12z'
            : 'M8.6 6.4 10 5l7 7-7 7-1.4-1.4 5.6-5.6z'
        }
      />
    </svg>
  );
}

interface PhotoCarouselProps {
  /** Names the gallery for assistive technology, e.g. "Water Heater Services". */
  label: string;
  images: readonly ShownPhoto[];
  /** Below the fold the photos load lazily. */
  lazy?: boolean;
}

/**
 * One image at a time, wrapping arrows, 8 px dots; the image opens a
 * full-screen lightbox. The lightbox is a native modal <dialog>: the browser makes the rest of the
 * page inert, keeps focus inside and reports Escape as `cancel`.
 */
export function PhotoCarousel({ label, images, lazy = true }: PhotoCarouselProps) {
  const [index, setIndex] = useState(0);
  const [lightboxIndex, setLightboxIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = images.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (lightboxOpen && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!lightboxOpen && dialog.open) {
      dialog.close();
    }
  }, [lightboxOpen]);

  if (count === 0) return null;
  const current = images[index]!;
  const shownInLightbox = images[lightboxIndex]!;

  const openLightbox = () => {
    setLightboxIndex(index);
    setLightboxOpen(true);
  };
  const closeLightbox = () => {
    setLightboxOpen(false);
    // The carousel follows what was viewed last, and focus goes back to the photo that opened the viewer.
    setIndex(lightboxIndex);
    openerRef.current?.focus();
  };
  const onLightboxKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      setLightboxIndex((value) => wrapIndex(value, -1, count));
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      setLightboxIndex((value) => wrapIndex(value, 1, count));
    }
  };

  return (
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription="carousel"
      aria-label={`${label} photos`}
    >
      <figure className={styles.figure}>
        <button
          ref={openerRef}
          type="button"
          className={styles.imageButton}
          onClick={openLightbox}
          aria-label={`Open photo ${index + 1} of ${count} full screen: ${current.caption}`}
        >
          <GalleryPicture
            key={current.src}
            image={current}
            lazy={lazy}
            className={styles.image}
            sizes={CAROUSEL_SIZES}
          />
        </button>
        <figcaption className={styles.caption} aria-live="polite">
          {current.caption}
        </figcaption>
      </figure>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous photo"
            onClick={() => setIndex((value) => wrapIndex(value, -1, count))}
          >
            <ArrowIcon direction="previous" />
          </button>
          <div className={styles.dots}>
            {images.map((image, dotIndex) => (
              <button
                key={image.src}
                type="button"
                className={styles.dot}
                aria-label={`Show photo ${dotIndex + 1} of ${count}`}
                aria-current={dotIndex === index ? 'true' : undefined}
                onClick={() => setIndex(dotIndex)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Next photo"
            onClick={() => setIndex((value) => wrapIndex(value, 1, count))}
          >
            <ArrowIcon direction="next" />
          </button>
        </div>
      )}

      <dialog
        ref={dialogRef}
        className={styles.lightbox}
        aria-modal="true"
        aria-label={`${label} photo viewer`}
        onCancel={(event) => {
          event.preventDefault();
          closeLightbox();
        }}
        // Chrome may close a dialog on a repeated Escape without a cancel event; keep the state in step.
        onClose={() => {
          if (lightboxOpen) closeLightbox();
        }}
        onKeyDown={onLightboxKeyDown}
      >
        {lightboxOpen && (
          <div className={styles.lightboxInner}>
            <button
              ref={closeRef}
              type="button"
              className={styles.lightboxClose}
              aria-label="Close photo viewer"
              onClick={closeLightbox}
            >
              <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="currentColor">
                <path d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z" />
              </svg>
            </button>
            <figure className={styles.lightboxFigure}>
              <GalleryPicture
                key={shownInLightbox.src}
                image={shownInLightbox}
                lazy={false}
                className={styles.lightboxImage}
                sizes="100vw"
              />
              <figcaption className={styles.lightboxCaption}>
                {shownInLightbox.caption}{' '}
                <span className={styles.lightboxCounter}>
                  ({lightboxIndex + 1} of {count})
                </span>
              </figcaption>
            </figure>
            {count > 1 && (
              <>
                <button
                  type="button"
                  className={`${styles.lightboxArrow} ${styles.lightboxPrevious}`}
                  aria-label="Previous photo"
                  onClick={() => setLightboxIndex((value) => wrapIndex(value, -1, count))}
                >
                  <ArrowIcon direction="previous" />
                </button>
                <button
                  type="button"
                  className={`${styles.lightboxArrow} ${styles.lightboxNext}`}
                  aria-label="Next photo"
                  onClick={() => setLightboxIndex((value) => wrapIndex(value, 1, count))}
                >
                  <ArrowIcon direction="next" />
                </button>
              </>
            )}
          </div>
        )}
      </dialog>
    </div>
  );
}
